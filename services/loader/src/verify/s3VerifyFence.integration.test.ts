import { TABLES } from '@datasync/db';
import type { S3Handle } from '@datasync/destinations';
import { listTestObjects, startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { lifecycleCalls, type LifecycleCalls } from '../testing/lifecycleCalls';
import { chargesVerification } from '../testing/verifiedAccount';
import { verifyAccount } from './verifyAccount';

// An account deleted while its verification of an S3 destination runs: the verification has
// repaired a window, waits for its next page (held by the emulator, never by a timer), the delete
// purges the account's folder and answers, then the page arrives with drift to repair. Writing
// the repair would put the deleted account's data into the bucket again (the check compares with
// the states it read before the purge, so it finds only that drift): the repair goes through the
// account's write fence (access/writeFence.ts), which refuses it. The S3 gateway records every
// write and delete that reaches the bucket.

const PREFIX = 'fenced';
let h: LoaderHarness;
let s3: TestS3;
let handle: S3Handle;
let calls: LifecycleCalls;

beforeAll(async () => {
  // Windows of one page and one part: the check is a known sequence of requests.
  h = await startHarness({ settings: { verifyAfterLoad: true, verifyWindowObjects: 100, verifyConcurrency: 1 } });
  s3 = await startTestS3Server();
  handle = await s3.open({ prefix: PREFIX, format: 'parquet' });
  await h
    .knex(TABLES.destinations)
    .where({ id: h.target.destinationId })
    .update({ engine: 's3', connection_secret: h.secretBox.seal(s3.url({ prefix: PREFIX, format: 'parquet' }), h.environmentId) });
  h.startWorkers(['lifecycle', 'backfill']);
  calls = await lifecycleCalls(h);
});

afterAll(async () => {
  await h?.stop();
  await handle?.close();
  await s3?.close();
});

it('a delete during a verification: no object of the account is left, and nothing is written after the delete answered', async () => {
  const account = await h.addAccount({ charges: 250 });
  const folder = `${PREFIX}/stripe_charges/account_id=${account.identifier}/`;
  const changesOfAccount = (from = 0) => (s3.gateway?.changes ?? []).slice(from).filter((c) => c.path.includes(`/${folder}`));
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await chargesVerification(h, account.id))?.verified_at, {
    description: 'the verification after the load',
    timeoutMs: 60_000,
  });
  await waitFor(async () => !(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })), {
    description: 'the verification job to end',
    timeoutMs: 20_000,
  });
  // Drift in the first window (a charge the loader never heard of: the newest) and in the second
  // (charges changed silently, about the 150th newest). The second window's page is the one held:
  // once it arrives its repair would rewrite them into the deleted account's folder.
  const newestFirst = [...(await completeProviderObjects(h.emulator.baseUrl, account.key, 'charges')).values()]
    .map((c) => c as { id: string; created: number })
    .sort((a, b) => b.created - a.created);
  for (const charge of newestFirst.slice(130, 170)) {
    await h.emulator.admin('POST', `/accounts/${account.externalId}/charges/${charge.id}?silent=true`, { description: 'changed silently' });
  }
  await h.emulator.admin('POST', `/accounts/${account.externalId}/charges?silent=true`, { amount: 4_242 });

  // The first page goes through (its window compared and repaired); the second waits.
  const writesBefore = changesOfAccount().length;
  const served = await h.emulator.requestsServed(account.externalId);
  await h.emulator.hold(account.externalId, true, 1);
  const verifying = verifyAccount(h.deps, { accountId: account.id, scope: 'full', requestedAt: new Date() }, silentLogger());
  await waitFor(async () => (await h.emulator.requestsServed(account.externalId)) >= served + 2, {
    description: 'the verification to wait for its second page',
    timeoutMs: 20_000,
  });
  // The verification was writing: its first window's repair is in the bucket.
  expect(changesOfAccount().length).toBeGreaterThan(writesBefore);

  expect(await calls.remove(account.identifier)).toMatchObject({ deleted: true });
  const atDelete = s3.gateway?.changes.length ?? 0;
  expect(await listTestObjects(handle, folder)).toEqual([]);

  await h.emulator.hold(account.externalId, false);
  expect(await verifying).toBe('stopped');
  expect(await listTestObjects(handle, folder)).toEqual([]);
  expect(changesOfAccount(atDelete)).toEqual([]);
}, 120_000);
