import { startEmulator, type TestEmulator } from '@datasync/testing';
import { getResource } from '../../catalog';
import { readThroughContract } from '../../testing/backfillContract';
import { collectPages } from '../../testing/collect';
import { testSettings } from '../../testing/settings';
import { createStripeConnector } from '../stripeConnector';

// The backfill contract (contract/backfill.ts) on the Stripe connector, against the emulator over
// HTTP: whatever the plan and the splits, the partitions' pages hold every object exactly once.

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const DAY = 86_400;
const charges = getResource('stripe', 'charges');

async function accountWith(body: Record<string, unknown>) {
  const account = await emulator.createAccount(body);
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  const verified = await connector.verify(credential);
  const reader = connector.reader(credential, verified);
  const all = (await collectPages(reader.listPages('charges', {}))).flatMap((p) => p.objects.map((o) => o.id));
  return { connector, reader, all, created: verified.created };
}

const hints = { pagesPerPartition: 3, maxPartitions: 8 };

/** A fixed sequence of yes and no, so a failure can be replayed. */
function decisions(pattern: boolean[]): () => boolean {
  let i = 0;
  return () => pattern[i++ % pattern.length] as boolean;
}

it('plans a history older than the account into partitions that together read every object once', async () => {
  const { connector, reader, all, created } = await accountWith({
    objects: { charges: 600 },
    history_days: 400,
    created: Math.floor(Date.now() / 1000) - 10 * DAY,
  });
  const read = await readThroughContract(connector.backfill, reader, charges, { limit: 25, hints: { ...hints, accountCreated: created } });
  expect(read.planned).toBeGreaterThan(2);
  expect(read.ids).toHaveLength(all.length);
  expect(new Set(read.ids)).toEqual(new Set(all));
});

it.each([
  ['every other page', [true, false]],
  ['after every page', [true]],
  ['now and then', [false, false, true, false, true, true, false]],
])('splits partitions in flight (%s) and still reads every object exactly once', async (_name, pattern) => {
  const { connector, reader, all } = await accountWith({ objects: { charges: 500 }, history_days: 30 });
  const read = await readThroughContract(connector.backfill, reader, charges, {
    limit: 20,
    hints: { ...hints, maxPartitions: 2 },
    splitNow: decisions(pattern),
  });
  expect(read.splits).toBeGreaterThan(0);
  expect(read.ids).toHaveLength(all.length);
  expect(new Set(read.ids)).toEqual(new Set(all));
});

it('plans nothing more when the head page held the whole resource', async () => {
  const { connector, reader, all } = await accountWith({ objects: { charges: 12 } });
  const read = await readThroughContract(connector.backfill, reader, charges, { limit: 25, hints });
  expect(read).toEqual({ ids: all, planned: 1, splits: 0 });
});
