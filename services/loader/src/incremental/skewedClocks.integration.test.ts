import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import type { LoaderDeps } from '../deps';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';
import { skewedLoader } from '../testing/skewedLoader';
import { findAccount } from '../targets/targets.repository';
import { pollAccount } from './pollAccount';
import { startResync } from './startResync';

// Two loaders whose machines' clocks are a minute apart (30 s ahead of the true time, 30 s behind
// it) load one account. Rows are dated `_source_ts`, and a resync's sweep marks deleted what is
// older than its start and was not read again: with each loader dating by its own clock, the
// loader ahead dated its reads 30 s into the future, so an event of the next seconds was refused as
// older, and the sweep bound it took at the resync's start was newer than everything the loader
// behind read for that resync, so live rows were marked deleted. Dated by the one clock of the
// control plane, neither happens (docs/incremental-sync.md, One clock).

const SKEW_MS = 30_000;

let h: LoaderHarness;
let ahead: LoaderDeps;
let behind: LoaderDeps;

beforeAll(async () => {
  h = await startHarness();
  ahead = (await skewedLoader(h, SKEW_MS)).deps;
  behind = (await skewedLoader(h, -SKEW_MS)).deps;
});

afterAll(async () => {
  await h?.stop();
});

interface Row {
  id: string;
  data: Record<string, unknown>;
  _deleted: boolean;
}

async function storedRows(identifier: string): Promise<Map<string, Row>> {
  const found = (await h.destination.knex('stripe_charges').where({ account_id: identifier }).select('id', 'data', '_deleted')) as Row[];
  return new Map(found.map((r) => [r.id, r]));
}

const runsDone = async (accountId: string, kind: string, count: number) =>
  (await h.knex(TABLES.runs).where({ account_id: accountId, kind, status: 'completed' })).length === count;

it('keeps every live row and applies the newer state when the loaders clocks disagree', async () => {
  const account = await h.addAccount({ charges: 450 });
  const path = (id: string) => `/accounts/${account.externalId}/charges/${id}`;

  // The backfill, by the loader ahead only: its reads are what an event must be compared with.
  const first = h.startWorkers(['lifecycle', 'backfill'], ahead);
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(() => runsDone(account.id, 'backfill', 1), { description: 'the backfill to complete', timeoutMs: 60_000 });
  // The first poll walks the events of the backfill's last minutes (the charges' creations): as many polls as that takes.
  await waitFor(async () => ((await pollAccount(ahead, account.id, silentLogger())) as { caughtUp?: boolean }).caughtUp === true, {
    description: 'the first poll to catch up',
    timeoutMs: 30_000,
  });

  // A change made now at the provider is newer than what the backfill read: it must be applied.
  const newest = [...(await providerObjects(h.emulator.baseUrl, account.key)).keys()][0] as string;
  await h.emulator.admin('POST', path(newest), { description: 'changed after the backfill' });
  expect(await pollAccount(ahead, account.id, silentLogger())).toMatchObject({ kind: 'polled' });
  expect((await storedRows(account.identifier)).get(newest)?.data).toMatchObject({ description: 'changed after the backfill' });

  // A resync started by the loader ahead (its attach plans the run) and read by the loader behind.
  await first.close();
  h.startWorkers(['lifecycle'], ahead);
  h.startWorkers(['backfill'], behind);
  const record = await findAccount(h.knex, account.id);
  expect(await startResync(ahead, record!)).toMatchObject({ started: 1 });
  await waitFor(() => runsDone(account.id, 'resync', 1), { description: 'the resync to complete', timeoutMs: 60_000 });
  // This poll sweeps what the resync did not read: nothing, since the provider deleted nothing.
  expect(await pollAccount(behind, account.id, silentLogger())).toMatchObject({ kind: 'polled', caughtUp: true });

  const provider = await providerObjects(h.emulator.baseUrl, account.key);
  const stored = await storedRows(account.identifier);
  expect([...stored.values()].filter((r) => r._deleted).map((r) => r.id)).toEqual([]);
  expect([...stored.keys()].sort()).toEqual([...provider.keys()].sort());
  for (const [id, object] of provider) expect(stored.get(id)?.data).toEqual(object);
  expect(stored.get(newest)?.data).toMatchObject({ description: 'changed after the backfill' });
});
