import { clusterOptions } from './clusterConnection';
import { PRODUCER_COMMAND_TIMEOUT_MS } from './redisRoles';

describe('clusterOptions', () => {
  it("gives a worker's nodes no retry limit, as BullMQ requires of blocking connections", () => {
    const options = clusterOptions('redis://127.0.0.1:6379', 'worker');
    expect(options.redisOptions).toMatchObject({ maxRetriesPerRequest: null, connectionName: 'datasync-worker' });
    expect(options.enableOfflineQueue).toBeUndefined();
  });

  it('makes a producer fail fast: no offline queue on the cluster, short timeouts on its nodes', () => {
    const options = clusterOptions('redis://127.0.0.1:6379', 'producer');
    expect(options.enableOfflineQueue).toBe(false);
    expect(options.redisOptions).toMatchObject({
      maxRetriesPerRequest: 1,
      commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
    });
    expect(options.redisOptions).not.toHaveProperty('enableOfflineQueue');
  });

  it('takes the user, password and TLS from REDIS_URL for every node, and not its host', () => {
    const options = clusterOptions('rediss://ops%40x:p%2Fss@seed.example:6380/0', 'producer');
    expect(options.redisOptions).toMatchObject({ username: 'ops@x', password: 'p/ss', tls: {} });
    expect(options.redisOptions).not.toHaveProperty('host');
    expect(options.dnsLookup).toBeInstanceOf(Function);
    const plain = clusterOptions('redis://127.0.0.1:6379', 'producer');
    expect(plain.redisOptions).not.toHaveProperty('password');
    expect(plain.redisOptions).not.toHaveProperty('tls');
    expect(plain.dnsLookup).toBeUndefined();
  });
});
