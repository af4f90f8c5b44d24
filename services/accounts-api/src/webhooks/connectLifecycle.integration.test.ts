import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import request from 'supertest';
import Stripe from 'stripe';
import { TABLES, createKnex, sealedPlace } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { closeTestKnex, randomQueuePrefix, startEmulator, testDatabaseUrl, testRedisUrl, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { insertSource, newClient, type TestClient, type TestSource } from '../testing/fixtures';

// The Connect lifecycle into the endpoint (docs/webhooks.md): hand-signed events with chosen
// `created` values, for an account the emulator has connected to the source's app (registration
// verifies it there). No loader runs: its jobs stay in the queue for inspection.

let emulator: TestEmulator;
let api: ApiTestApp;
let redis: Redis;
let producer: Producer<JobCatalog>;
let lifecycleQueue: Queue;
const prefix = randomQueuePrefix();
const PUBLIC_URL = 'https://93.184.216.34/hooks';

beforeAll(async () => {
  emulator = await startEmulator();
  redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
  producer = createProducer(redis, { prefix, catalog: jobCatalog });
  lifecycleQueue = new Queue('lifecycle', { connection: redis, prefix });
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, producer, settings: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: false } });
});

afterAll(async () => {
  await api?.close();
  await lifecycleQueue?.obliterate({ force: true }).catch(() => undefined);
  await lifecycleQueue?.close();
  await producer?.close();
  if (redis) await closeRedisConnection(redis);
  await emulator?.stop();
  await closeTestKnex();
});

interface World {
  client: TestClient;
  source: TestSource;
  secret: string;
  /** An account connected to the source's app at the emulator. */
  connected: string;
  /** The integrator's webhook endpoint (every event type). */
  endpointId: string;
}

async function world(options: { optIn: boolean }): Promise<World> {
  const client = await newClient(api, { earlyAccess: true });
  const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  await api.knex(TABLES.sources).where({ id: source.id }).update({ webhook_connect_lifecycle: options.optIn });
  const secret = `whsec_${randomBytes(16).toString('hex')}`;
  const id = randomUUID();
  await api.knex(TABLES.sourceWebhookSecrets).insert({
    id,
    environment_id: client.environmentId,
    source_id: source.id,
    secret: api.secretBox.seal(secret, client.environmentId, sealedPlace('sourceWebhookSecret', id)),
  });
  const connected = await emulator.createAccount({ connected_to: source.platform.id });
  const endpoint = await request(api.baseUrl)
    .post('/webhook_endpoints')
    .set('Authorization', client.authorization)
    .send({ url: PUBLIC_URL, enabled_events: ['*'] })
    .expect(200);
  return { client, source, secret, connected: connected.id, endpointId: (endpoint.body as { id: string }).id };
}

let created = 1_764_000_000;

/** Delivers a signed lifecycle event; `at` is its `created`. */
async function lifecycle(
  w: World,
  type: 'authorized' | 'deauthorized',
  at: number,
  eventId = `evt_1${randomBytes(10).toString('hex')}`,
  target: { baseUrl: string; account: string } = { baseUrl: api.baseUrl, account: w.connected },
) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: `account.application.${type}`,
    account: target.account,
    created: at,
    data: { object: { id: 'ca_1platform', object: 'application', name: 'Test platform' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: w.secret });
  const response = await fetch(`${target.baseUrl}/webhooks/stripe/${w.source.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const accounts = async (w: World) =>
  (await api
    .knex(TABLES.accounts)
    .where({ environment_id: w.client.environmentId })
    .select('id', 'identifier', 'external_id', 'credential_kind', 'active', 'paused_by_provider')) as {
    id: string;
    identifier: string;
    external_id: string;
    credential_kind: string;
    active: boolean;
    paused_by_provider: boolean;
  }[];

const jobsFor = async (accountId: string) =>
  (await lifecycleQueue.getJobs(['waiting', 'delayed', 'prioritized']))
    .filter((job) => (job.data as { accountId?: string }).accountId === accountId)
    .map((job) => job.name)
    .sort();

const outbound = async (w: World) =>
  (
    (await api.knex(TABLES.webhookEvents).where({ environment_id: w.client.environmentId }).orderBy('created_at').select('type')) as {
      type: string;
    }[]
  ).map((e) => e.type);

const audit = async (w: World) =>
  (await api
    .knex(TABLES.auditLog)
    .where({ environment_id: w.client.environmentId })
    .whereLike('action', 'account.%')
    .orderBy('created_at')
    .select('actor', 'action', 'details')) as { actor: string; action: string; details: Record<string, unknown> }[];

describe('account.application.authorized / deauthorized, opted in', () => {
  it('registers the account as the provider, pauses it on deauthorized and resumes it on a newer authorized', async () => {
    const w = await world({ optIn: true });
    const t = (created += 1_000);
    const first = await lifecycle(w, 'authorized', t, 'evt_1authorizedfirst');
    expect(first).toEqual({ status: 200, body: { received: true } });
    const [account] = await accounts(w);
    expect(account).toMatchObject({
      identifier: w.connected,
      external_id: w.connected,
      credential_kind: 'connected_account',
      active: true,
      paused_by_provider: false,
    });
    // Loading starts as after any registration: the loader's attach is queued.
    expect(await jobsFor(account!.id)).toEqual(['account.attach']);

    expect((await lifecycle(w, 'deauthorized', t + 10)).status).toBe(200);
    expect((await accounts(w))[0]).toMatchObject({ active: false, paused_by_provider: true });
    expect(await jobsFor(account!.id)).toEqual(['account.attach', 'account.pause']);

    expect((await lifecycle(w, 'authorized', t + 20)).status).toBe(200);
    expect((await accounts(w))[0]).toMatchObject({ active: true, paused_by_provider: false });

    expect(await outbound(w)).toEqual(['account.paused', 'account.resumed']);
    expect(await audit(w)).toEqual([
      {
        actor: `provider:${w.source.id}`,
        action: 'account.registered',
        details: {
          source: w.source.name,
          external_id: w.connected,
          credential_kind: 'connected_account',
          provider_event: 'evt_1authorizedfirst',
        },
      },
      {
        actor: `provider:${w.source.id}`,
        action: 'account.paused',
        details: { source: w.source.name, external_id: w.connected, provider_event: expect.stringMatching(/^evt_/) },
      },
      {
        actor: `provider:${w.source.id}`,
        action: 'account.resumed',
        details: { source: w.source.name, external_id: w.connected, provider_event: expect.stringMatching(/^evt_/) },
      },
    ]);
    expect(api.logs()).not.toContain(w.secret);
  });

  it('ignores replays and events older than the one applied last, whatever order they arrive in', async () => {
    const w = await world({ optIn: true });
    const t = (created += 1_000);
    // The disconnection is delivered before the older connection: the account is never registered.
    expect((await lifecycle(w, 'deauthorized', t + 10)).status).toBe(200);
    expect((await lifecycle(w, 'authorized', t)).status).toBe(200);
    expect(await accounts(w)).toEqual([]);

    // A newer connection registers it; a replay of it (the provider's retry) is a replay.
    const again = await lifecycle(w, 'authorized', t + 20, 'evt_1reconnected');
    expect(again.status).toBe(200);
    expect(await lifecycle(w, 'authorized', t + 20, 'evt_1reconnected')).toEqual({ status: 200, body: { received: true, replay: true } });
    expect(await accounts(w)).toHaveLength(1);
    // The old disconnection, retried by the provider late, does not win over the newer connection.
    expect((await lifecycle(w, 'deauthorized', t + 10)).status).toBe(200);
    expect((await accounts(w))[0]).toMatchObject({ active: true });
    expect(await outbound(w)).toEqual([]);
  });

  it('leaves an account the integrator paused paused, and one it resumed alone', async () => {
    const w = await world({ optIn: true });
    const t = (created += 1_000);
    await lifecycle(w, 'authorized', t);
    const put = (active: boolean) =>
      request(api.baseUrl).put(`/accounts/stripe/${w.connected}`).set('Authorization', w.client.authorization).send({ active }).expect(200);
    await put(false);
    await lifecycle(w, 'deauthorized', t + 10);
    await lifecycle(w, 'authorized', t + 20);
    // The pause was the integrator's: the provider's connection does not undo it.
    expect((await accounts(w))[0]).toMatchObject({ active: false, paused_by_provider: false });
    await put(true);
    await lifecycle(w, 'deauthorized', t + 30);
    expect((await accounts(w))[0]).toMatchObject({ active: false, paused_by_provider: true });
    // The integrator resumes it by hand: that clears the provider's mark.
    await put(true);
    expect((await accounts(w))[0]).toMatchObject({ active: true, paused_by_provider: false });
  });

  it('registers a burst of connected accounts larger than its connection pool: no connection is held while the provider answers', async () => {
    const w = await world({ optIn: true });
    // A pool of 2 and 6 events at once: a transaction held across the provider's answer, waiting
    // for a second connection to register, would take both connections and wait for the pool
    // (connectTimeoutMs) until every one failed.
    const smallPool = createKnex({
      url: testDatabaseUrl(),
      applicationName: 'datasync-test-burst',
      statementTimeoutMs: 30_000,
      poolMax: 2,
      connectTimeoutMs: 10_000,
    });
    const small = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      producer,
      knex: smallPool,
      settings: { SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS, WEBHOOK_ALLOW_PRIVATE_NETWORKS: false },
    });
    try {
      const connected = await Promise.all(Array.from({ length: 6 }, () => emulator.createAccount({ connected_to: w.source.platform.id })));
      const t = (created += 1_000);
      const answers = await Promise.all(
        connected.map((account) => lifecycle(w, 'authorized', t, undefined, { baseUrl: small.baseUrl, account: account.id })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const registered = (await accounts(w)).map((a) => a.external_id).sort();
      expect(registered).toEqual(connected.map((a) => a.id).sort());
    } finally {
      await small.close();
      await smallPool.destroy();
    }
  });

  it('refuses a lifecycle event without `created` and changes nothing', async () => {
    const w = await world({ optIn: true });
    const payload = JSON.stringify({
      id: `evt_1${randomBytes(10).toString('hex')}`,
      object: 'event',
      type: 'account.application.authorized',
      account: w.connected,
      data: { object: { id: 'ca_1', object: 'application' } },
    });
    const response = await fetch(`${api.baseUrl}/webhooks/stripe/${w.source.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: w.secret }),
      },
      body: payload,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'invalid_request_error',
      code: 'event_invalid',
      message: 'The request body is not a Stripe event (id evt_…, type, object "event").',
    });
    expect(await accounts(w)).toEqual([]);
  });
});

describe('account.application.authorized / deauthorized, not opted in', () => {
  it('counts and drops them, as any event for an account the source does not load', async () => {
    const w = await world({ optIn: false });
    expect((await lifecycle(w, 'authorized', (created += 1_000))).status).toBe(200);
    expect(await accounts(w)).toEqual([]);
    expect(await api.knex(TABLES.sources).where({ id: w.source.id }).first('webhook_unrouted_events')).toEqual({
      webhook_unrouted_events: '1',
    });
    expect(await api.knex(TABLES.accountProviderGrants).where({ source_id: w.source.id })).toEqual([]);
  });
});
