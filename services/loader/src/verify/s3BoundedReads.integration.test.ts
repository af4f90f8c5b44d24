import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { TABLES, type AccountStateRow, type TableVerificationRow } from '@datasync/db';
import type { S3Handle } from '@datasync/destinations';
import { putTestObject, startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { waitFor } from '@datasync/testing';
import { reconcile } from '../reconcile/reconcile.service';
import { startHarness, type LoaderHarness } from '../testing/harness';

// A bucket is its tenant's own: whatever lands in an account's folder (a decompression bomb, a
// part too large, more objects than a listing may hold) fails that account's verification with an
// error naming the object and the bound, and poisons it: no loader of the fleet takes it again
// until an operator does (docs/reliability.md, Poisoned jobs).

const PREFIX = 'bounded';
// Small bounds, so that the smallest data proves each: the defaults are the same code.
const readBounds = { maxObjectBytes: 64 * 1024, maxDecodedBytes: 1024 * 1024, maxListedObjects: 20 };
let h: LoaderHarness;
let s3: TestS3;
let handle: S3Handle;

beforeAll(async () => {
  h = await startHarness({ settings: { verifyAfterLoad: true }, readBounds });
  s3 = await startTestS3Server({ gateway: false });
  handle = await s3.open({ format: 'ndjson.gz' });
  await h
    .knex(TABLES.destinations)
    .where({ id: h.target.destinationId })
    .update({ engine: 's3', connection_secret: h.secretBox.seal(s3.url({ prefix: PREFIX, format: 'ndjson.gz' }), h.environmentId) });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
  await handle?.close();
  await s3?.close();
});

type Account = Awaited<ReturnType<LoaderHarness['addAccount']>>;

const state = async (account: Account) =>
  (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first()) as AccountStateRow | undefined;
const verification = async (account: Account) =>
  (await h.knex(TABLES.tableVerifications).where({ account_id: account.id, table_name: 'stripe_charges' }).first()) as
    TableVerificationRow | undefined;
const folder = (account: Account) => `${PREFIX}/stripe_charges/account_id=${account.identifier}/`;

/**
 * `plant` puts the tenant's objects into an account's folder, then the account is loaded: the
 * load writes its own parts beside them, and the verification that follows reads the folder.
 */
async function poisonedBy(plant: (folder: string) => Promise<void>): Promise<{ account: Account; row: AccountStateRow }> {
  const account = await h.addAccount({ charges: 5 });
  await plant(folder(account));
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await state(account))?.poisoned_at, { description: 'the account poisoned', timeoutMs: 45_000 });
  expect(await verification(account)).toMatchObject({ verified_at: null });
  const row = (await state(account)) as AccountStateRow;
  expect(row).toMatchObject({ status: 'error', error_code: 'content_too_large', next_retry_at: null });
  // Not retried: no retry is due, the job is over, and the reconciler gives the check no job again.
  await waitFor(async () => ((await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })) ? undefined : true), {
    description: 'the verification job to end',
    timeoutMs: 30_000,
  });
  for (let pass = 0; pass < 2; pass += 1) {
    await reconcile(h.deps, h.deps.logger, { graceMs: 0 });
    expect(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })).toBe(false);
    expect(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'recent' })).toBe(false);
    expect(await h.deps.queues.isLive('account.attach', { accountId: account.id })).toBe(false);
  }
  expect(await state(account)).toMatchObject({ status: 'error', next_retry_at: null, error_attempts: row.error_attempts });
  return { account, row };
}

it('stops at a gzip bomb in a part: zlib ends the output at the bound, the account is poisoned', async () => {
  // 64 MiB of one byte: about 64 KB compressed, under the object bound, 64 times the decoded bound.
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
  expect(bomb.length).toBeLessThan(readBounds.maxObjectBytes);
  const { row } = await poisonedBy((at) => putTestObject(handle, `${at}part-zz-bomb.ndjson.gz`, bomb, 'application/gzip'));
  expect(row.reason).toContain('part-zz-bomb.ndjson.gz');
  expect(row.reason).toContain('LOADER_READ_MAX_DECODED_BYTES');
  expect(row.reason).toContain('Automatic retries are stopped');
});

it('refuses a part larger than the object bound without reading it', async () => {
  const big = randomBytes(readBounds.maxObjectBytes + 1);
  const { row } = await poisonedBy((at) => putTestObject(handle, `${at}part-zz-big.ndjson.gz`, big, 'application/gzip'));
  expect(row.reason).toContain('part-zz-big.ndjson.gz');
  expect(row.reason).toContain('LOADER_READ_MAX_OBJECT_BYTES');
});

it('refuses a folder holding more objects than a listing may keep, naming the folder', async () => {
  let planted = '';
  const { row } = await poisonedBy(async (at) => {
    planted = at;
    for (let i = 0; i < readBounds.maxListedObjects; i += 1) await putTestObject(handle, `${at}notes-${i}.txt`, 'x', 'text/plain');
  });
  expect(row.reason).toContain(`The folder ${planted}`);
  expect(row.reason).toContain('LOADER_READ_MAX_LISTED_OBJECTS');
});
