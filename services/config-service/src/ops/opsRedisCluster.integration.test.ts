import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '@datasync/queue';
import { findRedisServer, startRedisCluster, type TestRedisCluster } from '@datasync/queue/testing';
import { addSettledJob, closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildOpsTestApp, sessionOf, type OpsTestApp } from '../testing/opsApp';

// The queue dashboard (bull-board) on a real Redis Cluster of three masters, started here: it
// lists the catalog's queues with their counts, acts on a job, and reads each master's INFO.

const redisServer = findRedisServer();
if (!redisServer) process.stderr.write('Redis Cluster tests skipped: redis-server is not installed (apt-get install redis-server)\n');
const describeOnCluster = redisServer ? describe : describe.skip;

describeOnCluster('the queue dashboard on a Redis Cluster', () => {
  const knex = getTestKnex();
  let cluster: TestRedisCluster;
  let ops: OpsTestApp;
  let operator: string;
  let worker: RedisConnection;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    ops = buildOpsTestApp(knex, cluster.settings);
    worker = createRedisConnection(cluster.settings, { role: 'worker' });
    operator = await sessionOf(ops.app, ops.operatorEmail);
  });

  afterAll(async () => {
    await ops?.close();
    if (worker) await closeRedisConnection(worker);
    await cluster?.stop();
    await closeTestKnex();
  });

  it('shows the queues and their jobs, retries a failed one and reports Redis', async () => {
    const accountId = randomUUID();
    const lifecycle = ops.queue('lifecycle');
    await addSettledJob(
      lifecycle,
      { name: 'account.attach', data: { accountId }, jobId: `attach-${accountId}` },
      { state: 'failed', error: 'destination refused' },
      worker,
    );

    const res = await request(ops.app)
      .get('/ops/queues/api/queues')
      .query({ activeQueue: 'lifecycle', status: 'failed' })
      .set('Cookie', operator)
      .expect(200);
    const shown = (res.body.queues as { name: string; counts: Record<string, number>; jobs: { id: string }[] }[]).find(
      (q) => q.name === 'lifecycle',
    );
    expect(shown?.counts).toMatchObject({ failed: 1 });
    expect(shown?.jobs.map((job) => job.id)).toEqual([`attach-${accountId}`]);

    await request(ops.app).put(`/ops/queues/api/queues/lifecycle/attach-${accountId}/retry`).set('Cookie', operator).expect(204);
    expect(await lifecycle.getJobState(`attach-${accountId}`)).toBe('waiting');

    const stats = await request(ops.app).get('/ops/queues/api/redis/stats').set('Cookie', operator).expect(200);
    expect(stats.body).toMatchObject({ version: expect.stringMatching(/^7\./) });
  });
});
