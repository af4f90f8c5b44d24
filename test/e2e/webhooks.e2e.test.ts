import { randomUUID } from 'node:crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { createFullStackWorld, type FullStackWorld, type RegisteredAccount } from './support/fullStackWorld';

// Stripe → us webhooks end to end (docs/webhooks.md): the emulator's signed deliveries into
// accounts-api's endpoint, the loader's poll on them, rows in the destination. The scheduled poll
// is set to a minute, so a change that arrives within seconds came by webhook.

const POLL_MS = 60_000;
const POLL_WITH_WEBHOOKS_MS = 300_000;

let world: FullStackWorld;
let account: RegisteredAccount;

beforeAll(async () => {
  world = await createFullStackWorld('postgres');
  await world.startLoader({
    LOADER_POLL_INTERVAL_MS: String(POLL_MS),
    LOADER_POLL_INTERVAL_WITH_WEBHOOKS_MS: String(POLL_WITH_WEBHOOKS_MS),
  });
  await world.startApi();

  // The platform's Connect endpoint, pointed at the source's URL; its secret set on the source.
  const created = await fetch(`${world.emulator.url}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.source.appKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      url: `${world.apiUrl()}/webhooks/stripe/${world.source.id}`,
      'enabled_events[]': '*',
      connect: 'true',
    }).toString(),
  });
  expect(created.status).toBe(200);
  const { secret } = (await created.json()) as { secret: string };
  const id = randomUUID();
  await world.knex(TABLES.sourceWebhookSecrets).insert({
    id,
    environment_id: world.environmentId,
    source_id: world.source.id,
    secret: world.seal(secret, sealedPlace('sourceWebhookSecret', id)),
  });

  const connected = await world.emulator.createAccount({ objects: { charges: 30 }, connected_to: world.source.appId });
  const registered = await world.api('POST', `/sources/${world.source.name}/accounts`, {
    credentials: { type: 'stripe-app', accountId: connected.id },
  });
  expect(registered.status).toBe(200);
  const row = (await world.knex(TABLES.accounts).where({ environment_id: world.environmentId, external_id: connected.id }).first('id')) as {
    id: string;
  };
  await world.producer.enqueue('account.attach', { accountId: row.id });
  account = { id: row.id, identifier: connected.id, externalId: connected.id, key: connected.secret_key };
  await world.waitForStatus(account.id, 'live', 60_000);
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const chargePath = (id: string) => `/accounts/${account.externalId}/charges/${id}`;
const description = async (id: string) => (await world.destination.rows('stripe_charges', account.identifier)).get(id)?.data.description;

it('brings each change at the provider into the destination within seconds, with the poll at a minute', async () => {
  const ids = [...(await world.destination.rows('stripe_charges', account.identifier)).keys()].sort();
  const latencies: number[] = [];
  for (const [n, id] of ids.slice(0, 10).entries()) {
    const started = Date.now();
    await world.admin('POST', chargePath(id), { description: `by webhook ${n}` });
    await waitFor(async () => (await description(id)) === `by webhook ${n}`, {
      description: `change ${n} in the destination`,
      timeoutMs: 15_000,
      intervalMs: 25,
    });
    latencies.push(Date.now() - started);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] as number;
  process.stdout.write(`webhook freshness over ${sorted.length} changes: p50 ${sorted[Math.floor(sorted.length / 2)]} ms, p95 ${p95} ms\n`);
  // Far below the one-minute poll: each change came by webhook.
  expect(p95).toBeLessThan(10_000);
});

it('stretches the scheduled poll while webhooks arrive', async () => {
  await waitFor(
    async () =>
      (
        (await world.knex(TABLES.accountPollModes).where({ account_id: account.id }).first('interval_ms')) as
          { interval_ms: number } | undefined
      )?.interval_ms === POLL_WITH_WEBHOOKS_MS,
    { description: 'the stretched interval', timeoutMs: 10_000 },
  );
  const schedulers = await world.producer.queue('incremental').getJobSchedulers();
  expect(schedulers.find((s) => s.key === `poll-${account.id}` || s.id === `poll-${account.id}`)?.every).toBe(POLL_WITH_WEBHOOKS_MS);
});

it('leaves the same rows as the provider when deliveries come twice and out of order', async () => {
  await world.admin('POST', '/webhook_settings', { duplicate_share: 1, reorder_share: 0.5, reorder_delay_ms: 400 });
  try {
    const ids = [...(await world.destination.rows('stripe_charges', account.identifier)).keys()].sort();
    const target = ids[12] as string;
    for (const n of [1, 2, 3, 4, 5])
      await world.admin('POST', chargePath(target), { description: `burst ${n}`, metadata: { n: String(n) } });
    for (const id of ids.slice(13, 18)) await world.admin('POST', chargePath(id), { description: 'reordered' });
    const created = await world.admin<{ id: string }>('POST', `/accounts/${account.externalId}/charges`, { description: 'new by webhook' });
    await waitFor(async () => (await description(created.id)) === 'new by webhook' && (await description(target)) === 'burst 5', {
      description: 'the burst and the new charge',
      timeoutMs: 15_000,
      intervalMs: 50,
    });
    await waitFor(
      async () => {
        await world.expectMirrors(account);
        return true;
      },
      { description: 'the table to mirror the provider', timeoutMs: 15_000, intervalMs: 200 },
    );
    // Once the duplicates and late deliveries have come and their polls have run, still the same.
    const incremental = world.producer.queue('incremental');
    await waitFor(async () => (await incremental.getJobs(['delayed', 'waiting', 'active'])).every((job) => job.name !== 'account.poke'), {
      description: 'no poll on a webhook left to run',
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    await world.expectMirrors(account);
  } finally {
    await world.admin('POST', '/webhook_settings', { duplicate_share: 0, reorder_share: 0 });
  }
});

it('registers an account that connects through OAuth and loads it with no API call; pauses it when revoked (Connect lifecycle)', async () => {
  await world.knex(TABLES.sources).where({ id: world.source.id }).update({ webhook_connect_lifecycle: true });
  const app = await world.admin<{ client_id: string }>('GET', `/accounts/${world.source.appId}`);
  const customer = await world.emulator.createAccount({ objects: { charges: 12 } });
  const consent = await fetch(`${world.emulator.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: 'http://localhost:1/callback',
      scope: 'read_only',
      decision: 'approve',
      account: customer.id,
    }).toString(),
  });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const oauth = (path: string, form: Record<string, string>) =>
    fetch(`${world.emulator.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.source.appKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  expect((await oauth('/oauth/token', { grant_type: 'authorization_code', code })).status).toBe(200);

  // The platform's Connect endpoint gets account.application.authorized: registered and loading.
  const row = await waitFor(
    async () =>
      (await world.knex(TABLES.accounts).where({ environment_id: world.environmentId, external_id: customer.id }).first('id', 'active')) as
        { id: string; active: boolean } | undefined,
    { description: 'the account registered by the provider', timeoutMs: 10_000 },
  );
  await world.waitForStatus(row.id, 'live', 30_000);
  const connected = { id: row.id, identifier: customer.id, externalId: customer.id, key: customer.secret_key };
  await world.expectMirrors(connected);
  const registered = await world
    .knex(TABLES.auditLog)
    .where({ environment_id: world.environmentId, action: 'account.registered', target: `stripe/${customer.id}` })
    .first('actor');
  expect(registered).toEqual({ actor: `provider:${world.source.id}` });

  // Revoked: account.application.deauthorized pauses it; its rows stay.
  expect((await oauth('/oauth/deauthorize', { client_id: app.client_id, stripe_user_id: customer.id })).status).toBe(200);
  await waitFor(
    async () => ((await world.knex(TABLES.accounts).where({ id: row.id }).first('active')) as { active: boolean }).active === false,
    { description: 'the account paused by the provider', timeoutMs: 10_000 },
  );
  expect((await world.destination.rows('stripe_charges', customer.id)).size).toBe(12);
});
