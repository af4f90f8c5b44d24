import { startHarness, type LoaderHarness } from '../testing/harness';
import { heldVerification } from '../testing/heldVerification';
import { lifecycleCalls, type LifecycleCalls } from '../testing/lifecycleCalls';
import { verifiedAccountMissingRows } from '../testing/verifiedAccount';

// A verification repairs windows for minutes after it read the account's state. Its repairs are
// written under the account's write fence (access/writeFence.ts), and it asks before each page
// whether the account still loads: a delete, a pause or an unmount that answered while it ran is
// followed by no write and, once the account is gone, by no request to the provider. The
// verification is held between two pages by the emulator (its `hold`), never by a timer.

let h: LoaderHarness;
let calls: LifecycleCalls;

beforeAll(async () => {
  // Windows of one page and one part: the check is a known sequence of requests.
  h = await startHarness({ settings: { verifyAfterLoad: true, verifyWindowObjects: 100, verifyConcurrency: 1 } });
  h.startWorkers(['lifecycle', 'backfill']);
  calls = await lifecycleCalls(h);
});

afterAll(async () => {
  await h?.stop();
});

const rows = async (identifier: string) =>
  Number(((await h.destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as [{ n: string }])[0].n);

it('a delete during a verification: zero rows once purged, and no request to the provider after the purge', async () => {
  const account = await verifiedAccountMissingRows(h, 600, 0);
  const { verifying } = await heldVerification(h, account);

  expect(await calls.remove(account.identifier)).toMatchObject({ deleted: true });
  const atPurge = await h.emulator.requestsServed(account.externalId);
  expect(await rows(account.identifier)).toBe(0);

  await h.emulator.hold(account.externalId, false);
  const outcome = await verifying;
  expect(await rows(account.identifier)).toBe(0);
  // The held page was asked for before the delete; nothing after it.
  expect(await h.emulator.requestsServed(account.externalId)).toBe(atPurge);
  expect(outcome).toBe('stopped');
}, 120_000);

it('a pause during a verification: no repair is written after the pause answered', async () => {
  const account = await verifiedAccountMissingRows(h, 600, 40);
  const { verifying } = await heldVerification(h, account);

  await calls.pause(account.identifier);
  await h.emulator.hold(account.externalId, false);
  const outcome = await verifying;
  expect(await rows(account.identifier)).toBe(560);
  expect(outcome).toBe('stopped');
}, 120_000);

it('an unmount during a verification: no repair is written into the table after the unmount answered', async () => {
  const account = await verifiedAccountMissingRows(h, 600, 40);
  const { verifying } = await heldVerification(h, account);

  await calls.unmount(h.target.collectionIds.charges as string);
  await h.emulator.hold(account.externalId, false);
  await verifying;
  expect(await rows(account.identifier)).toBe(560);
}, 120_000);
