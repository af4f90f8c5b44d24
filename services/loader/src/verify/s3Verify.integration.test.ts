import { TABLES, type TableVerificationRow } from '@datasync/db';
import { createWriter, type S3Handle } from '@datasync/destinations';
import { getResource, tableSpecOf, toWriteRow } from '@datasync/providers';
import { latestState, readParts, startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { askFullVerification } from '../testing/askVerification';

// Verification of an S3 destination: compared with the newest state of each object in the
// parts, repaired by new parts (rewritten objects, tombstones), never by changing old ones. A
// delete during the verification: s3VerifyFence.integration.test.ts.

const PREFIX = 'verified';
let h: LoaderHarness;
let s3: TestS3;
let handle: S3Handle;

beforeAll(async () => {
  h = await startHarness({ settings: { verifyAfterLoad: true } });
  s3 = await startTestS3Server({ gateway: false });
  handle = await s3.open({ format: 'parquet' });
  await h
    .knex(TABLES.destinations)
    .where({ id: h.target.destinationId })
    .update({ engine: 's3', connection_secret: h.secretBox.seal(s3.url({ prefix: PREFIX, format: 'parquet' }), h.environmentId) });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
  await handle?.close();
  await s3?.close();
});

type Account = Awaited<ReturnType<LoaderHarness['addAccount']>>;

const verification = async (account: Account) =>
  (await h.knex(TABLES.tableVerifications).where({ account_id: account.id, table_name: 'stripe_charges' }).first()) as
    TableVerificationRow | undefined;

const parts = (account: Account) => readParts(handle, `${PREFIX}/stripe_charges/account_id=${account.identifier}/`);

async function verify(account: Account): Promise<TableVerificationRow> {
  const before = (await verification(account))?.verified_at?.getTime() ?? 0;
  await askFullVerification(h, account.id);
  await waitFor(async () => ((await verification(account))?.verified_at?.getTime() ?? 0) > before, {
    description: 'the verification',
    timeoutMs: 60_000,
  });
  return (await verification(account)) as TableVerificationRow;
}

it('verifies the parts without drift and writes none, then repairs silent changes with new parts', async () => {
  const account = await h.addAccount({ charges: 350 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await verification(account))?.verified_at, {
    description: 'the verification after the load',
    timeoutMs: 60_000,
  });
  expect(await verification(account)).toMatchObject({ drift_found: 0, drift_repaired: 0 });
  const loaded = (await parts(account)).map((p) => p.key);
  expect(await verify(account)).toMatchObject({ drift_found: 0, drift_repaired: 0 });
  expect((await parts(account)).map((p) => p.key)).toEqual(loaded);

  const ids = [...latestState((await parts(account)).flatMap((p) => p.rows)).values()].map((r) => r.id).sort();
  const emulator = (path: string) => `/accounts/${account.externalId}/charges${path}`;
  await h.emulator.admin('POST', emulator(`/${ids[0]}?silent=true`), { description: 'changed silently' });
  await h.emulator.admin('DELETE', emulator(`/${ids[1]}?silent=true`));
  await h.emulator.admin('POST', emulator('?silent=true'), { amount: 4_242 });
  expect(await verify(account)).toMatchObject({ drift_found: 3, drift_repaired: 3 });

  const after = await parts(account);
  expect(after.filter((p) => loaded.includes(p.key)).map((p) => p.key)).toEqual(loaded);
  expect(after.length).toBeGreaterThan(loaded.length);
  const newest = [...latestState(after.flatMap((p) => p.rows)).values()].filter((r) => !r._deleted);
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, 'charges');
  expect(newest.map((r) => r.id).sort()).toEqual([...provider.keys()].sort());
  for (const row of newest) expect({ id: row.id, data: row.data }).toEqual({ id: row.id, data: provider.get(row.id) });
});

it('repairs a part whose typed columns disagree with its data', async () => {
  const account = await h.addAccount({ charges: 60 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await verification(account))?.verified_at, {
    description: 'the verification after the load',
    timeoutMs: 60_000,
  });
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, 'charges');
  const loaded = latestState((await parts(account)).flatMap((p) => p.rows));
  const ids = [...provider.keys()].filter((id) => provider.get(id)?.amount !== provider.get(id)?.amount_refunded).slice(0, 2);
  expect(ids).toHaveLength(2);
  // A part written behind the loader's back, newer than the loaded rows: `data` intact, `amount`
  // holding another field's value and `currency` nothing.
  const charges = getResource('stripe', 'charges');
  const altered = {
    ...charges,
    columns: charges.columns.map((c) =>
      c.name === 'amount' ? { ...c, path: 'amount_refunded' } : c.name === 'currency' ? { ...c, path: 'no_such_field' } : c,
    ),
  };
  const writer = createWriter(handle, { engine: 's3', schema: PREFIX, spec: tableSpecOf(charges) });
  const newerThanLoaded = (id: string) => new Date(Date.parse(String(loaded.get(`${account.identifier}\0${id}`)?._source_ts)) + 1);
  await writer.writeBatch(
    ids.map((id) =>
      toWriteRow(altered, {
        accountId: account.identifier,
        object: provider.get(id) as Record<string, unknown>,
        sourceTs: newerThanLoaded(id),
      }),
    ),
    { partKey: { runId: 'altered-behind-the-loader', segment: 0, sequence: 1 } },
  );
  await writer.close();
  const key = (id: string) => `${account.identifier}\0${id}`;
  expect(latestState((await parts(account)).flatMap((p) => p.rows)).get(key(ids[0] as string))?.currency).toBeNull();

  expect(await verify(account)).toMatchObject({ drift_found: 2, drift_repaired: 2 });
  const newest = latestState((await parts(account)).flatMap((p) => p.rows));
  for (const id of ids) {
    const object = provider.get(id) as Record<string, unknown>;
    expect(newest.get(key(id))).toMatchObject({ amount: object.amount, currency: object.currency, data: object });
  }
});
