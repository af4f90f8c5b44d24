import { Queue } from 'bullmq';
import request from 'supertest';
import { loaderHooks } from '@datasync/accounts';
import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { closeTestKnex, getTestKnex, randomQueuePrefix, startEmulator, testRedisUrl, type TestEmulator } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../../testing/fixtures';

// POST …/verify enqueues the loader's account.verify (no loader runs here: the job stays queued
// for inspection); GET shows each collection's last verification.

let emulator: TestEmulator;
let api: ApiTestApp;
let redis: Redis;
let producer: Producer<JobCatalog>;
let backfill: Queue;
const prefix = randomQueuePrefix();

beforeAll(async () => {
  emulator = await startEmulator();
  redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
  producer = createProducer(redis, { prefix, catalog: jobCatalog });
  backfill = new Queue('backfill', { connection: redis, prefix });
  const hooks = loaderHooks({ knex: getTestKnex(), producer, logger: silentLogger(), purgeWaitMs: 5_000, purgePollMs: 20 });
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, hooks });
});

afterAll(async () => {
  await api?.close();
  await backfill?.obliterate({ force: true }).catch(() => undefined);
  await backfill?.close();
  await producer?.close();
  if (redis) await closeRedisConnection(redis);
  await emulator?.stop();
  await closeTestKnex();
});

async function registered() {
  const client = await newClient(api);
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const account = await emulator.createAccount();
  await request(api.baseUrl)
    .post('/accounts')
    .set('Authorization', client.authorization)
    .send({ sourceType: 'stripe', credential: account.secret_key })
    .expect(200);
  const [row] = await accountRows(api.knex, client.environmentId);
  return { client, account, accountId: String(row?.id) };
}

const as = (client: TestClient, req: request.Test) => req.set('Authorization', client.authorization);

describe('POST /accounts/{source_type}/{identifier}/verify', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).post('/accounts/stripe/acct_1/verify').expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('answers 404 for an account of another environment and 400 for a malformed identifier, enqueuing nothing', async () => {
    const { account, accountId } = await registered();
    const stranger = await newClient(api);
    const missing = await as(stranger, request(api.baseUrl).post(`/accounts/stripe/${account.id}/verify`)).expect(404);
    expect(missing.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'identifier',
      message: `No stripe account with identifier "${account.id}" in this environment.`,
    });
    const bad = await as(stranger, request(api.baseUrl).post('/accounts/stripe/bad%20id!/verify')).expect(400);
    expect(bad.body).toMatchObject({ type: 'invalid_request_error', param: 'identifier' });
    expect(await backfill.getJob(`verify-${accountId}`)).toBeUndefined();
  });

  it('answers 202 and enqueues a full account.verify at low priority, with the account id only', async () => {
    const { client, account, accountId } = await registered();
    const res = await as(client, request(api.baseUrl).post(`/accounts/stripe/${account.id}/verify`)).expect(202);
    expect(res.body).toEqual({ verify_requested: true, account: { external_id: account.id, identifier: account.id, active: true } });
    const queued = await backfill.getJob(`verify-${accountId}`);
    expect(queued).toMatchObject({ name: 'account.verify', data: { accountId, scope: 'full' } });
    expect(queued?.opts.priority).toBe(100);
  });
});

describe('GET /accounts/{source_type}/{identifier} with verifications', () => {
  it('shows each collection’s last verification, null before the first', async () => {
    const { client, account, accountId } = await registered();
    const environmentId = client.environmentId;
    await api.knex(TABLES.accountStates).insert({
      account_id: accountId,
      environment_id: environmentId,
      status: 'live',
      progress: {
        c1: { table: 'stripe_charges', resource_type: 'charges', status: 'completed', rows_written: 5 },
        c2: { table: 'stripe_refunds', resource_type: 'refunds', status: 'completed', rows_written: 0 },
      },
    });
    const [destination] = await api
      .knex(TABLES.destinations)
      .insert({ environment_id: environmentId, name: 'dest', engine: 'postgres', connection_secret: 'sealed', connection_masked: 'x' })
      .returning('id');
    await api.knex(TABLES.tableVerifications).insert({
      account_id: accountId,
      environment_id: environmentId,
      destination_id: destination.id,
      table_name: 'stripe_charges',
      verified_at: new Date('2026-11-26T09:30:00Z'),
      verified_scope: 'full',
      verified_through: Date.parse('2026-11-26T09:25:00Z') / 1000,
      drift_found: 3,
      drift_repaired: 3,
    });
    const res = await as(client, request(api.baseUrl).get(`/accounts/stripe/${account.id}`)).expect(200);
    expect(res.body.account.collections).toEqual([
      {
        resource: 'charges',
        table: 'stripe_charges',
        status: 'live',
        rows_loaded: 5,
        verified_at: '2026-11-26T09:30:00.000Z',
        verified_through: '2026-11-26T09:25:00.000Z',
        drift_found: 3,
        drift_repaired: 3,
        warnings: [],
      },
      {
        resource: 'refunds',
        table: 'stripe_refunds',
        status: 'live',
        rows_loaded: 0,
        verified_at: null,
        verified_through: null,
        drift_found: null,
        drift_repaired: null,
        warnings: [],
      },
    ]);
  });
});
