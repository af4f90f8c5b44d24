import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { insertAccount } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';

// The backfill's lower bound comes from the provider's data, not from the account's `created`:
// a connected account's `created` is when it was connected, and some accounts have none.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

const DAY = 86_400;

async function addAccount(body: Record<string, unknown>) {
  const account = await h.emulator.createAccount(body);
  const inserted = await insertAccount(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    sourceId: h.target.sourceId,
    key: account.secret_key,
    externalId: account.id,
  });
  return { ...inserted, key: account.secret_key, created: account.created };
}

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it.each([
  ['a created a week ago, after two years of history', { history_days: 730, created: Math.floor(Date.now() / 1000) - 7 * DAY }],
  ['no created at all', { history_days: 365, created: null }],
])('loads history older than the account: %s', async (_name, extra) => {
  const account = await addAccount({ objects: { charges: 2_500 }, ...extra });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });

  const provider = await providerObjects(h.emulator.baseUrl, account.key);
  const oldest = Math.min(...[...provider.values()].map((o) => o.created as number));
  if (extra.created !== null) expect(oldest).toBeLessThan(extra.created - 300 * DAY);
  const rows = (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).select('id', 'data')) as {
    id: string;
    data: object;
  }[];
  expect(rows.map((r) => r.id).sort()).toEqual([...provider.keys()].sort());
  for (const row of rows) expect(row.data).toEqual(provider.get(row.id));

  // The run starts at the oldest object's day, so its segments split the real history.
  const run = await h.knex(TABLES.runs).where({ account_id: account.id }).first();
  expect(Number(run.lower_bound)).toBeLessThanOrEqual(oldest);
  expect(oldest - Number(run.lower_bound)).toBeLessThanOrEqual(DAY);
  const segments = await h.knex(TABLES.segments).where({ run_id: run.id });
  expect(segments.length).toBeGreaterThan(2);
  expect(Math.min(...segments.map((s: { partition: { createdGte: number } }) => s.partition.createdGte))).toBe(Number(run.lower_bound));
  expect(run.plan.createdGte).toBe(Number(run.lower_bound));
});
