import request from 'supertest';
import { closeTestKnex, freePort } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { newClient } from '../testing/fixtures';

// Redis holds only the rate limits and Idempotency-Keys: without it the API keeps answering, except
// for a request that asked for the idempotency guarantee it can no longer give.

let api: ApiTestApp;

beforeAll(async () => {
  api = await startApiTestApp({ redisUrl: `redis://127.0.0.1:${await freePort()}`, settings: { RATE_LIMIT_PER_SECOND: 1 } });
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

describe('with Redis unreachable', () => {
  it('serves requests without rate limits, logging the outage once, and answers 503 to an Idempotency-Key', async () => {
    const client = await newClient(api);
    for (let i = 0; i < 3; i += 1) await request(api.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(200);
    expect(api.logs().match(/rate limit check skipped: redis unavailable/g)).toHaveLength(1);
    const res = await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .set('Idempotency-Key', 'k-1')
      .send({ sourceType: 'stripe', credential: 'sk_test_1234567890abcdef' })
      .expect(503);
    expect(res.body).toEqual({
      type: 'api_error',
      code: 'service_unavailable',
      message: 'The service is temporarily unavailable. Retry shortly.',
    });
  });
});
