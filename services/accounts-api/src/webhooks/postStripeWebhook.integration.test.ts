import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import { TABLES, sealedPlace } from '@datasync/db';
import {
  closeRedisConnection,
  createProducer,
  createRedisConnection,
  jobCatalog,
  waitForReady,
  type JobCatalog,
  type Producer,
} from '@datasync/queue';
import {
  closeTestKnex,
  insertTestAccount,
  randomQueuePrefix,
  startEmulator,
  testRedisUrl,
  waitFor,
  type TestEmulator,
} from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { insertSource, newClient, type TestSource } from '../testing/fixtures';

// The endpoint over real HTTP: the emulator's own signed deliveries, and hand-signed bodies for
// the bad ones. No loader runs: queued polls stay in the queue for inspection.

let emulator: TestEmulator;
let api: ApiTestApp;
let redis: Redis;
let producer: Producer<JobCatalog>;
let incremental: Queue;
const prefix = randomQueuePrefix();

beforeAll(async () => {
  emulator = await startEmulator();
  redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
  producer = createProducer(redis, { prefix, catalog: jobCatalog });
  incremental = new Queue('incremental', { connection: redis, prefix });
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, producer });
});

afterAll(async () => {
  await api?.close();
  await incremental?.obliterate({ force: true }).catch(() => undefined);
  await incremental?.close();
  await producer?.close();
  if (redis) await closeRedisConnection(redis);
  await emulator?.stop();
  await closeTestKnex();
});

interface Setup {
  environmentId: string;
  source: TestSource;
  /** The account row of the app's own account (direct events). */
  platformAccountId: string;
  secret: string;
}

/** A source whose platform account is registered, with `secret` as its signing secret. */
async function setUp(secret = `whsec_${randomBytes(16).toString('hex')}`): Promise<Setup> {
  const client = await newClient(api);
  const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const platform = await insertTestAccount(api.knex, {
    environmentId: client.environmentId,
    sourceId: source.id,
    externalId: source.platform.id,
    sealedKey: api.secretBox.seal(source.platform.secret_key, client.environmentId),
  });
  await setSecret(client.environmentId, source.id, secret);
  return { environmentId: client.environmentId, source, platformAccountId: platform.id, secret };
}

async function setSecret(environmentId: string, sourceId: string, secret: string, expiresAt: Date | null = null): Promise<void> {
  const id = randomUUID();
  await api.knex(TABLES.sourceWebhookSecrets).insert({
    id,
    environment_id: environmentId,
    source_id: sourceId,
    secret: api.secretBox.seal(secret, environmentId, sealedPlace('sourceWebhookSecret', id)),
    expires_at: expiresAt,
  });
}

async function insertConnected(setup: Setup, externalId: string): Promise<string> {
  const [row] = (await api
    .knex(TABLES.accounts)
    .insert({
      environment_id: setup.environmentId,
      source_id: setup.source.id,
      source_type: 'stripe',
      identifier: externalId,
      external_id: externalId,
      credential_kind: 'connected_account',
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

const eventBody = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `evt_1${randomBytes(10).toString('hex')}`,
    object: 'event',
    type: 'customer.created',
    data: { object: {} },
    ...fields,
  });

const sign = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function deliver(sourceId: string, payload: string | Buffer, signature?: string, provider = 'stripe') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  const response = await fetch(`${api.baseUrl}/webhooks/${provider}/${sourceId}`, { method: 'POST', headers, body: payload });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function pokes(accountId: string): Promise<{ id: string; data: unknown }[]> {
  const jobs = await incremental.getJobs(['delayed', 'waiting', 'prioritized']);
  return jobs
    .filter((job) => job.name === 'account.poke' && (job.data as { accountId: string }).accountId === accountId)
    .map((job) => ({ id: String(job.id), data: job.data }));
}

async function emulatorEndpoint(key: string, form: Record<string, string>): Promise<{ id: string; secret: string }> {
  const response = await fetch(`${emulator.baseUrl}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (response.status !== 200) throw new Error(`webhook endpoint creation answered ${response.status}`);
  return (await response.json()) as { id: string; secret: string };
}

describe('POST /webhooks/stripe/{source_id}: deliveries from the emulator', () => {
  it("queues a poll of the connected account a Connect event names, and of the app's own account for a direct one", async () => {
    const client = await newClient(api);
    const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    const platform = await insertTestAccount(api.knex, {
      environmentId: client.environmentId,
      sourceId: source.id,
      externalId: source.platform.id,
      sealedKey: api.secretBox.seal(source.platform.secret_key, client.environmentId),
    });
    const url = `${api.baseUrl}/webhooks/stripe/${source.id}`;
    // Two endpoints, two secrets: both are the source's (the emulator, like Stripe, signs each with its own).
    const connect = await emulatorEndpoint(source.platform.secret_key, { url, 'enabled_events[]': '*', connect: 'true' });
    const direct = await emulatorEndpoint(source.platform.secret_key, { url, 'enabled_events[]': '*' });
    await setSecret(client.environmentId, source.id, connect.secret);
    await setSecret(client.environmentId, source.id, direct.secret);
    const connected = await emulator.createAccount({ connected_to: source.platform.id });
    const setup = { environmentId: client.environmentId, source, platformAccountId: platform.id, secret: connect.secret };
    const connectedId = await insertConnected(setup, connected.id);

    await emulator.admin('POST', `/accounts/${connected.id}/customers`, { email: 'connected@example.com' });
    await waitFor(async () => (await pokes(connectedId)).length === 1, { description: 'a poke of the connected account' });
    await emulator.admin('POST', `/accounts/${source.platform.id}/customers`, {});
    await waitFor(async () => (await pokes(platform.id)).length === 1, { description: "a poke of the app's own account" });

    const [job] = await pokes(connectedId);
    expect(job?.data).toEqual({ accountId: connectedId, wave: expect.any(Number) });
    expect(job?.id).toBe(`poke-${connectedId}-${(job?.data as { wave: number }).wave}`);
    const deliveries = await emulator.admin<{ data: { endpoint: string; status: number }[] }>(
      'GET',
      `/webhook_deliveries?endpoint=${connect.id}`,
    );
    expect(deliveries.data.map((d) => d.status)).toEqual([200]);
    // Recorded just after the answer: the loader's poll interval reads them.
    await waitFor(
      async () => (await api.knex(TABLES.accountWebhookReceipts).whereIn('account_id', [connectedId, platform.id])).length === 2,
      {
        description: 'both receipts',
      },
    );
    const sourceRow = (await api.knex(TABLES.sources).where({ id: source.id }).first('webhook_received_at')) as {
      webhook_received_at: Date | null;
    };
    expect(sourceRow.webhook_received_at).toBeInstanceOf(Date);
  });
});

describe('POST /webhooks/stripe/{source_id}: replays, routing and rotation', () => {
  it('takes a replayed event once: the second delivery answers 200 and queues nothing', async () => {
    const setup = await setUp();
    const payload = eventBody();
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret))).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret))).toEqual({
      status: 200,
      body: { received: true, replay: true },
    });
    expect(await pokes(setup.platformAccountId)).toHaveLength(1);
  });

  it('lets a burst of events make one poll', async () => {
    const setup = await setUp();
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const payload = eventBody();
        // The burst may straddle two windows: at most two polls, never one per event.
        expect((await deliver(setup.source.id, payload, sign(payload, setup.secret))).status).toBe(200);
      }),
    );
    expect((await pokes(setup.platformAccountId)).length).toBeLessThanOrEqual(2);
  });

  it('counts and drops an event for an account the source does not load', async () => {
    const setup = await setUp();
    const payload = eventBody({ account: 'acct_1NotRegistered' });
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret))).toEqual({ status: 200, body: { received: true } });
    expect(await pokes(setup.platformAccountId)).toHaveLength(0);
    const row = (await api.knex(TABLES.sources).where({ id: setup.source.id }).first('webhook_unrouted_events')) as {
      webhook_unrouted_events: string;
    };
    expect(row.webhook_unrouted_events).toBe('1');
  });

  it('verifies with a rotated-out secret until it expires, not after', async () => {
    const setup = await setUp();
    const previous = `whsec_${randomBytes(16).toString('hex')}`;
    const expired = `whsec_${randomBytes(16).toString('hex')}`;
    await setSecret(setup.environmentId, setup.source.id, previous, new Date(Date.now() + 3_600_000));
    await setSecret(setup.environmentId, setup.source.id, expired, new Date(Date.now() - 1_000));
    const payload = eventBody();
    expect((await deliver(setup.source.id, payload, sign(payload, previous))).status).toBe(200);
    const late = eventBody();
    expect((await deliver(setup.source.id, late, sign(late, expired))).body).toMatchObject({ code: 'signature_invalid' });
  });
});

describe('POST /webhooks/{provider}/{source_id}: the provider in the path', () => {
  it('a provider no module has, or a source of another provider than the path: 404, as an unknown source', async () => {
    const setup = await setUp();
    const payload = eventBody();
    const unknown = {
      status: 404,
      body: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'source_id',
        message: 'No webhook endpoint here: check the URL against GET /sources/{name}/webhook.',
      },
    };
    // The Stripe source, correctly signed, under a provider name no module has.
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret), 'nope')).toEqual(unknown);
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret), 'STRIPE')).toEqual(unknown);
    // A source whose provider is not the path's, signed with its own secret.
    const [other] = (await api
      .knex(TABLES.sources)
      .insert({
        environment_id: setup.environmentId,
        name: `other_${randomBytes(4).toString('hex')}`,
        provider: 'other_provider',
        credential_secret: 'sealed',
        provider_account_id: 'portal_1',
        livemode: null,
      })
      .returning('id')) as { id: string }[];
    await setSecret(setup.environmentId, other!.id, setup.secret);
    expect(await deliver(other!.id, payload, sign(payload, setup.secret))).toEqual(unknown);
    // Nothing was claimed: the same event, on the source's own path, is taken (not a replay).
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret))).toEqual({ status: 200, body: { received: true } });
    expect(await pokes(setup.platformAccountId)).toHaveLength(1);
  });
});

describe('POST /webhooks/stripe/{source_id}: the queue unreachable', () => {
  it("answers 503 and gives the event back, so the provider's retry is taken", async () => {
    const setup = await setUp();
    // Port 9 (discard) has no listener: every enqueue fails fast.
    const deadRedis = createRedisConnection('redis://127.0.0.1:9', { role: 'producer' });
    const deadProducer = createProducer(deadRedis, { prefix, catalog: jobCatalog, readyTimeoutMs: 200 });
    // The same claims (the app's Redis prefix), only the queue away.
    const cut = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, producer: deadProducer, settings: api.settings });
    try {
      // Only the queue is away: the claims' own connection is up before the delivery.
      expect(await waitForReady(cut.redis, 10_000)).toBe(true);
      const payload = eventBody();
      const response = await fetch(`${cut.baseUrl}/webhooks/stripe/${setup.source.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, setup.secret) },
        body: payload,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        type: 'api_error',
        code: 'service_unavailable',
        message: 'The delivery could not be queued; the provider will deliver it again.',
      });
      expect(await pokes(setup.platformAccountId)).toEqual([]);
      // The retry, once the queue is back: taken, not a replay.
      expect(await deliver(setup.source.id, payload, sign(payload, setup.secret))).toEqual({ status: 200, body: { received: true } });
      expect(await pokes(setup.platformAccountId)).toHaveLength(1);
    } finally {
      await cut.close();
      await deadProducer.close();
      await closeRedisConnection(deadRedis);
    }
  });
});

describe('POST /webhooks/stripe/{source_id}: the Redis of the event claims unreachable', () => {
  it('answers 503, not 500, so the provider delivers the event again', async () => {
    const setup = await setUp();
    // Port 9 has no listener: the claims' connection never becomes ready.
    const cut = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      producer,
      settings: api.settings,
      redisUrl: 'redis://127.0.0.1:9',
    });
    try {
      const payload = eventBody();
      const response = await fetch(`${cut.baseUrl}/webhooks/stripe/${setup.source.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, setup.secret) },
        body: payload,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'service_unavailable' });
      expect(await pokes(setup.platformAccountId)).toEqual([]);
    } finally {
      await cut.close();
    }
  });
});

describe('POST /webhooks/stripe/{source_id}: bad input is refused, queues and writes nothing', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });

  afterEach(async () => {
    expect(await pokes(setup.platformAccountId)).toEqual([]);
    expect(await api.knex(TABLES.accountWebhookReceipts).where({ account_id: setup.platformAccountId })).toEqual([]);
    expect(await api.knex(TABLES.sources).where({ id: setup.source.id }).first('webhook_received_at', 'webhook_unrouted_events')).toEqual({
      webhook_received_at: null,
      webhook_unrouted_events: '0',
    });
  });

  it('a wrong signature: 400 signature_invalid', async () => {
    const payload = eventBody();
    expect(await deliver(setup.source.id, payload, sign(payload, 'whsec_notTheSourcesSecret'))).toEqual({
      status: 400,
      body: {
        type: 'invalid_request_error',
        code: 'signature_invalid',
        param: 'Stripe-Signature',
        message: "The Stripe-Signature header does not match the body with any of the source's signing secrets.",
      },
    });
    // The right signature of another body.
    expect((await deliver(setup.source.id, eventBody(), sign(payload, setup.secret))).body).toMatchObject({ code: 'signature_invalid' });
    expect((await deliver(setup.source.id, payload, 'garbage')).body).toMatchObject({ code: 'signature_invalid' });
  });

  it('no signature: 400 signature_missing', async () => {
    expect(await deliver(setup.source.id, eventBody())).toEqual({
      status: 400,
      body: {
        type: 'invalid_request_error',
        code: 'signature_missing',
        param: 'Stripe-Signature',
        message: 'The Stripe-Signature header is missing.',
      },
    });
  });

  it('a signature older than the tolerance (300 s): 400 signature_expired', async () => {
    const payload = eventBody();
    expect(await deliver(setup.source.id, payload, sign(payload, setup.secret, Math.floor(Date.now() / 1000) - 301))).toEqual({
      status: 400,
      body: {
        type: 'invalid_request_error',
        code: 'signature_expired',
        param: 'Stripe-Signature',
        message: 'The Stripe-Signature timestamp is more than 300 seconds old.',
      },
    });
  });

  it('an unknown source: 404, whatever the id looks like', async () => {
    const payload = eventBody();
    const expected = {
      status: 404,
      body: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'source_id',
        message: 'No webhook endpoint here: check the URL against GET /sources/{name}/webhook.',
      },
    };
    expect(await deliver(randomUUID(), payload, sign(payload, setup.secret))).toEqual(expected);
    expect(await deliver('not-a-uuid', payload, sign(payload, setup.secret))).toEqual(expected);
  });

  it('malformed JSON, or JSON that is no event, correctly signed: 400', async () => {
    const broken = '{"id": "evt_1", "object": ';
    expect(await deliver(setup.source.id, broken, sign(broken, setup.secret))).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
    for (const notEvent of ['[]', '"evt"', JSON.stringify({ id: 'cus_1', object: 'customer' }), eventBody({ account: 42 })]) {
      expect((await deliver(setup.source.id, notEvent, sign(notEvent, setup.secret))).body).toMatchObject({ code: 'event_invalid' });
    }
  });

  it('a body over the limit: 413', async () => {
    const huge = eventBody({ data: { object: { note: 'x'.repeat(600 * 1024) } } });
    const res = await deliver(setup.source.id, huge, sign(huge, setup.secret));
    expect(res).toEqual({
      status: 413,
      body: { type: 'invalid_request_error', code: 'body_too_large', message: expect.stringContaining('larger than') },
    });
  });

  it('a source without a signing secret: 400 webhook_secret_missing', async () => {
    const client = await newClient(api);
    const bare = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    const payload = eventBody();
    expect((await deliver(bare.id, payload, sign(payload, setup.secret))).body).toMatchObject({
      code: 'webhook_secret_missing',
    });
  });

  it('never logs a secret', () => {
    expect(api.logs()).not.toContain(setup.secret);
  });
});
