import { ConfigError, parseConfig } from '@datasync/config';
import { queueEnv, type QueueConfig } from './config';

const parse = (env: NodeJS.ProcessEnv) => parseConfig<QueueConfig>(queueEnv, env);

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    parse(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('queueEnv', () => {
  it('defaults to one Redis, no cluster nodes and the hash-tagged prefix', () => {
    expect(parse({})).toEqual({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: '', QUEUE_PREFIX: '{datasync}' });
  });

  it('accepts a cluster with a hash-tagged prefix', () => {
    const env = { REDIS_URL: 'rediss://:pw@redis:6379', REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379', QUEUE_PREFIX: 'prod-{ds}' };
    expect(parse(env)).toEqual(env);
  });

  it('refuses a prefix without a hash tag on a cluster, saying why, but not on one Redis', () => {
    expect(problems({ REDIS_CLUSTER_NODES: 'redis-0:6379', QUEUE_PREFIX: 'datasync' })).toEqual([
      "QUEUE_PREFIX: must hold a Redis Cluster hash tag, such as {datasync}, when REDIS_CLUSTER_NODES is set: each queue's keys must share one slot",
    ]);
    expect(parse({ QUEUE_PREFIX: 'datasync' }).QUEUE_PREFIX).toBe('datasync');
  });

  it('refuses a node list that is not host:port entries', () => {
    expect(problems({ REDIS_CLUSTER_NODES: 'redis-0:6379;redis-1' })).toEqual([
      'REDIS_CLUSTER_NODES: must be a comma-separated list of host:port (Redis Cluster nodes)',
    ]);
  });
});
