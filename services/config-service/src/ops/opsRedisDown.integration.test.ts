import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildOpsTestApp, sessionOf, type OpsTestApp } from '../testing/opsApp';

// Redis unreachable (nothing listens on port 1): the queue dashboard answers at once instead of
// waiting on BullMQ, and still only to the people it is for.

const knex = getTestKnex();
let ops: OpsTestApp;

beforeAll(() => {
  ops = buildOpsTestApp(knex, 'redis://127.0.0.1:1');
});

afterAll(async () => {
  await ops.close();
  await closeTestKnex();
});

describe('the queue dashboard without Redis', () => {
  it('answers an operator 503 within about a second, and an anonymous visitor the plain 404', async () => {
    const operator = await sessionOf(ops.app, ops.operatorEmail);
    const started = Date.now();
    const res = await request(ops.app).get('/ops/queues/api/queues').set('Cookie', operator).expect(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      type: 'api_error',
      code: 'service_unavailable',
      message: 'The queues cannot be reached right now (Redis). Retry shortly.',
    });
    await request(ops.app).get('/ops/queues/api/queues').expect(404);
  });
});
