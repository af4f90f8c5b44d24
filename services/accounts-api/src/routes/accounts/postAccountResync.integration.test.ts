import { Queue } from 'bullmq';
import request from 'supertest';
import { loaderHooks, removeDeletedAccount } from '@datasync/accounts';
import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { closeTestKnex, getTestKnex, randomQueuePrefix, startEmulator, testRedisUrl, waitFor, type TestEmulator } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../../testing/fixtures';

// POST …/resync, and the account lifecycle hooks as accounts-api runs them: each account change enqueues
// its job (the loader itself is not running here, so the jobs stay in the queue for inspection).

let emulator: TestEmulator;
let api: ApiTestApp;
let redis: Redis;
let producer: Producer<JobCatalog>;
let lifecycle: Queue;
const prefix = randomQueuePrefix();

beforeAll(async () => {
  emulator = await startEmulator();
  redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
  producer = createProducer(redis, { prefix, catalog: jobCatalog });
  lifecycle = new Queue('lifecycle', { connection: redis, prefix });
  const hooks = loaderHooks({ knex: getTestKnex(), producer, logger: silentLogger(), purgeWaitMs: 5_000, purgePollMs: 20 });
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, hooks, settings: { ACCOUNT_DELETE_WAIT_MS: 1_500 } });
});

afterAll(async () => {
  await api?.close();
  await lifecycle?.obliterate({ force: true }).catch(() => undefined);
  await lifecycle?.close();
  await producer?.close();
  if (redis) await closeRedisConnection(redis);
  await emulator?.stop();
  await closeTestKnex();
});

async function registered(options: { earlyAccess: boolean }) {
  const client = await newClient(api, options);
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
const job = (id: string) => lifecycle.getJob(id);

describe('POST /accounts/{source_type}/{identifier}/resync', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).post('/accounts/stripe/acct_1/resync').expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('answers 404 for an account of another environment, and 400 for a malformed identifier', async () => {
    const { account } = await registered({ earlyAccess: false });
    const stranger = await newClient(api);
    const missing = await as(stranger, request(api.baseUrl).post(`/accounts/stripe/${account.id}/resync`)).expect(404);
    expect(missing.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'identifier',
      message: `No stripe account with identifier "${account.id}" in this environment.`,
    });
    const bad = await as(stranger, request(api.baseUrl).post('/accounts/stripe/bad%20id!/resync')).expect(400);
    expect(bad.body).toMatchObject({ type: 'invalid_request_error', param: 'identifier' });
    expect(await job(`resync-${account.id}`)).toBeUndefined();
  });

  it('answers 202 and enqueues account.resync with the account id only', async () => {
    const { client, account, accountId } = await registered({ earlyAccess: false });
    const res = await as(client, request(api.baseUrl).post(`/accounts/stripe/${account.id}/resync`)).expect(202);
    expect(res.body).toEqual({ resync_requested: true, account: { external_id: account.id, identifier: account.id, active: true } });
    const queued = await job(`resync-${accountId}`);
    expect(queued).toMatchObject({ name: 'account.resync', data: { accountId } });
    // Recorded with the account too: the loader's reconciler starts it if the job is lost.
    const row = (await api.knex(TABLES.accounts).where({ id: accountId }).first('resync_requested_at')) as {
      resync_requested_at: Date | null;
    };
    expect(row.resync_requested_at).toBeInstanceOf(Date);
  });

  it('answers 202 while Redis is away: the request is recorded for the reconciler', async () => {
    const { client, account, accountId } = await registered({ earlyAccess: false });
    // A producer on a port nothing listens on: every enqueue fails at once.
    const away = createRedisConnection('redis://127.0.0.1:1', { role: 'producer' });
    const hooks = loaderHooks({
      knex: getTestKnex(),
      producer: createProducer(away, { prefix, catalog: jobCatalog, readyTimeoutMs: 200 }),
      logger: silentLogger(),
      purgeWaitMs: 1_000,
    });
    const offline = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      hooks,
      settings: { SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS },
    });
    try {
      await as(client, request(offline.baseUrl).post(`/accounts/stripe/${account.id}/resync`)).expect(202);
    } finally {
      await offline.close();
      await closeRedisConnection(away);
    }
    expect(await job(`resync-${accountId}`)).toBeUndefined();
    const row = (await api.knex(TABLES.accounts).where({ id: accountId }).first('resync_requested_at')) as {
      resync_requested_at: Date | null;
    };
    expect(row.resync_requested_at).toBeInstanceOf(Date);
  });
});

describe('account lifecycle hooks', () => {
  it('a toggle enqueues account.pause, then account.resume', async () => {
    const { client, account, accountId } = await registered({ earlyAccess: true });
    await as(client, request(api.baseUrl).put(`/accounts/stripe/${account.id}`))
      .send({ active: false })
      .expect(200);
    expect(await job(`pause-${accountId}`)).toMatchObject({ name: 'account.pause', data: { accountId } });
    await as(client, request(api.baseUrl).put(`/accounts/stripe/${account.id}`))
      .send({ active: true })
      .expect(200);
    expect(await job(`resume-${accountId}`)).toMatchObject({ name: 'account.resume', data: { accountId } });
  });

  it('a delete enqueues account.purge and answers 202 while no loader purges; once the purge removes the account, 404', async () => {
    const { client, account, accountId } = await registered({ earlyAccess: true });
    const path = `/accounts/stripe/${account.id}`;
    await as(client, request(api.baseUrl).delete(path)).expect(202, { deleted: false, status: 'deleting' });
    expect(await job(`purge-${accountId}`)).toMatchObject({ name: 'account.purge', data: { accountId } });
    // What the loader's purge does at its end.
    expect(await removeDeletedAccount(api.knex, accountId, 'loader')).toBe(true);
    await as(client, request(api.baseUrl).delete(path)).expect(404);
    const audit = await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId, action: 'account.deleted' }).first();
    expect(audit).toMatchObject({ actor: 'loader', target: `stripe/${account.id}`, details: { external_id: account.id } });
  });

  it('a delete whose purge finishes within the bound answers 200', async () => {
    const { client, account, accountId } = await registered({ earlyAccess: true });
    const response = as(client, request(api.baseUrl).delete(`/accounts/stripe/${account.id}`)).then((r) => r);
    // Stands in for the loader: take the purge job, then remove the account as the purge does.
    await waitFor(async () => (await job(`purge-${accountId}`)) !== undefined, { description: 'the purge job' });
    await removeDeletedAccount(api.knex, accountId, 'loader');
    const res = await response;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, account: { external_id: account.id, identifier: account.id, active: true } });
  });
});
