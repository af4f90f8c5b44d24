import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { jobCatalog } from '@datasync/queue';
import { addSettledJob, closeTestKnex, getTestKnex } from '@datasync/testing';
import { UNLISTED_NAME, UNLISTED_PAYLOAD } from './jobView';
import { buildOpsTestApp, sessionOf, type OpsTestApp } from '../testing/opsApp';

// What an operator sees and does on the queue dashboard's API: every catalog queue with its
// counts by state, jobs showing only catalog payloads, and retry, promote and clean acting on Redis.

interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: { id: string; name: string; data: unknown; attempts: number; failedReason?: string; timestamp: number; returnValue: unknown }[];
}

const knex = getTestKnex();
let ops: OpsTestApp;
let operator: string;

beforeAll(async () => {
  ops = buildOpsTestApp(knex);
  operator = await sessionOf(ops.app, ops.operatorEmail);
});

afterAll(async () => {
  await ops.close();
  await closeTestKnex();
});

async function board(query: Record<string, string> = {}): Promise<BoardQueue[]> {
  const res = await request(ops.app).get('/ops/queues/api/queues').query(query).set('Cookie', operator).expect(200);
  return res.body.queues as BoardQueue[];
}

describe('the queue dashboard for operators', () => {
  it('lists every catalog queue with its counts by state and jobs with attempts, errors and timings', async () => {
    const accountId = randomUUID();
    const lifecycle = ops.queue('lifecycle');
    await addSettledJob(
      lifecycle,
      { name: 'account.attach', data: { accountId }, jobId: `attach-${accountId}` },
      { state: 'failed', error: 'destination refused' },
    );
    await addSettledJob(lifecycle, { name: 'account.pause', data: { accountId }, jobId: `pause-${accountId}` }, { state: 'completed' });
    await lifecycle.add('account.resume', { accountId }, { jobId: `resume-${accountId}` });
    await lifecycle.add('account.resync', { accountId }, { jobId: `resync-${accountId}`, delay: 60_000 });

    const queues = await board({ activeQueue: 'lifecycle', status: 'failed' });
    expect(queues.map((q) => q.name).sort()).toEqual([...jobCatalog.queues].sort());
    const shown = queues.find((q) => q.name === 'lifecycle')!;
    expect(shown.counts).toMatchObject({ waiting: 1, delayed: 1, failed: 1, completed: 1, active: 0 });
    expect(shown.jobs).toEqual([
      expect.objectContaining({
        id: `attach-${accountId}`,
        name: 'account.attach',
        data: { accountId },
        attempts: 1,
        failedReason: 'destination refused',
        timestamp: expect.any(Number),
        returnValue: null,
      }),
    ]);
  });

  it('retries a failed job, promotes a delayed one and cleans a completed one', async () => {
    const runId = randomUUID();
    const backfill = ops.queue('backfill');
    const failed = await addSettledJob(
      backfill,
      { name: 'segment.load', data: { runId, n: 0 }, jobId: `segment-${runId}-0` },
      { state: 'failed' },
    );
    await addSettledJob(backfill, { name: 'segment.load', data: { runId, n: 1 }, jobId: `segment-${runId}-1` }, { state: 'completed' });
    await backfill.add('segment.load', { runId, n: 2 }, { jobId: `segment-${runId}-2`, delay: 60_000 });

    await request(ops.app).put(`/ops/queues/api/queues/backfill/${failed.id}/retry`).set('Cookie', operator).expect(204);
    expect(await backfill.getJobState(`segment-${runId}-0`)).toBe('waiting');
    await request(ops.app).put(`/ops/queues/api/queues/backfill/segment-${runId}-2/promote`).set('Cookie', operator).expect(204);
    expect(await backfill.getJobState(`segment-${runId}-2`)).toBe('waiting');
    // Cleaning a whole state spares jobs younger than 5 s (bull-board's grace time); one job goes at once.
    await request(ops.app).put(`/ops/queues/api/queues/backfill/segment-${runId}-1/clean`).set('Cookie', operator).expect(204);
    expect(await backfill.getJobState(`segment-${runId}-1`)).toBe('unknown');
  });

  it('shows only catalog job names and payloads, whatever else reached the queue', async () => {
    const incremental = ops.queue('incremental');
    await incremental.add('account.poll', { accountId: randomUUID(), email: 'someone@example.test' }, { jobId: 'poll-extra-field' });
    await incremental.add('customer.export', { name: 'Jane Doe' }, { jobId: 'not-in-catalog' });
    const queues = await board({ activeQueue: 'incremental', status: 'waiting' });
    const jobs = queues.find((q) => q.name === 'incremental')!.jobs;
    expect(jobs.map(({ id, name, data }) => ({ id, name, data })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'not-in-catalog', name: UNLISTED_NAME, data: UNLISTED_PAYLOAD },
      { id: 'poll-extra-field', name: 'account.poll', data: UNLISTED_PAYLOAD },
    ]);
    const one = await request(ops.app).get('/ops/queues/api/queues/incremental/not-in-catalog').set('Cookie', operator).expect(200);
    expect(JSON.stringify(one.body)).not.toContain('Jane Doe');
  });
});
