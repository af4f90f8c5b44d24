import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { pollAccount } from '../incremental/pollAccount';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { insertAccount, mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';

// Stripe embeds an invoice's lines and a subscription's items as their first 10 with `has_more`;
// the rows must hold them all, whether the object came from a list page or from an event. The
// account answers with Stripe-like latency (retrieves 80–200 ms, a page of 100 380–500 ms).

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  for (const resource of ['invoices', 'subscriptions']) {
    await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource });
  }
  // No poll worker: the test polls itself.
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

type Json = Record<string, unknown>;

async function tableRows(table: string, identifier: string): Promise<Map<string, Json>> {
  const rows = (await h.destination.knex(table).where({ account_id: identifier, _deleted: false }).select('id', 'data')) as {
    id: string;
    data: Json;
  }[];
  return new Map(rows.map((r) => [r.id, r.data]));
}

async function expectEqualsProvider(key: string, identifier: string, resource: string, table: string): Promise<Map<string, Json>> {
  const provider = await completeProviderObjects(h.emulator.baseUrl, key, resource);
  const stored = await tableRows(table, identifier);
  expect([...stored.keys()].sort()).toEqual([...provider.keys()].sort());
  for (const [id, object] of provider) expect({ id, data: stored.get(id) }).toEqual({ id, data: object });
  return stored;
}

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('stores every line and item of long embedded lists, in the backfill and from events', async () => {
  const objects = { charges: 0, customers: 30, products: 10, prices: 30, invoices: 300, subscriptions: 200 };
  const created = await h.emulator.createAccount({ objects, latency_ms: 'stripe' });
  const inserted = await insertAccount(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    sourceId: h.target.sourceId,
    key: created.secret_key,
    externalId: created.id,
  });
  const account = { ...inserted, key: created.secret_key, externalId: created.id };
  const startedAt = Date.now();
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 90_000 });
  // Latency is on: even this small backfill takes seconds, not milliseconds.
  expect(Date.now() - startedAt).toBeGreaterThan(2_000);

  const invoices = await expectEqualsProvider(account.key, account.identifier, 'invoices', 'stripe_invoices');
  await expectEqualsProvider(account.key, account.identifier, 'subscriptions', 'stripe_subscriptions');
  const long = [...invoices.values()].filter((i) => ((i.lines as { data: unknown[] }).data.length ?? 0) > 10);
  expect(long.length).toBeGreaterThan(3);

  // An update's event carries the invoice with its first 10 lines only.
  const changed = String(long[0]?.id);
  await h.emulator.admin('POST', `/accounts/${account.externalId}/invoices/${changed}`, { metadata: { reviewed: 'yes' } });
  const event = (await (
    await fetch(`${h.emulator.baseUrl}/v1/events?limit=1`, { headers: { authorization: `Bearer ${account.key}` } })
  ).json()) as {
    data: { data: { object: { id: string; lines: { has_more: boolean } } } }[];
  };
  expect(event.data[0]?.data.object).toMatchObject({ id: changed, lines: { has_more: true } });

  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', caughtUp: true });
  const after = await expectEqualsProvider(account.key, account.identifier, 'invoices', 'stripe_invoices');
  expect(after.get(changed)).toMatchObject({ metadata: { reviewed: 'yes' }, lines: { has_more: false } });
});
