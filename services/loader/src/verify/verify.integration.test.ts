import { TABLES, type TableVerificationRow } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { askFullVerification } from '../testing/askVerification';

// Drift injected behind the loader's back (rows changed in the destination, objects changed at
// the provider without an event), then one verification through the real job: the destination
// ends equal to the provider and the verification record counts exactly what differed. No poll
// runs here (no incremental worker), so only verification can repair anything.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness({ settings: { verifyAfterLoad: true } });
  await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource: 'products' });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

type Json = Record<string, unknown>;
type Account = Awaited<ReturnType<LoaderHarness['addAccount']>>;

const emulatorPath = (account: Account, path: string) => `/accounts/${account.externalId}/${path}`;

async function verification(account: Account, table: string): Promise<TableVerificationRow | undefined> {
  return (await h.knex(TABLES.tableVerifications).where({ account_id: account.id, table_name: table }).first()) as
    TableVerificationRow | undefined;
}

/** An account loaded in full, and the full verification that follows its load done. */
async function loadedAccount(objects: Record<string, number>): Promise<Account> {
  const account = await h.addAccount(objects);
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  for (const table of ['stripe_charges', 'stripe_products']) {
    const done = await waitFor(async () => (await verification(account, table))?.verified_at, {
      description: `the verification after the load of ${table}`,
      timeoutMs: 60_000,
    });
    expect(done).toBeInstanceOf(Date);
    expect(await verification(account, table)).toMatchObject({ verified_scope: 'full', drift_found: 0, drift_repaired: 0 });
  }
  return account;
}

/** Asks for a full verification and waits until it is recorded. */
async function verify(account: Account, table: string): Promise<TableVerificationRow> {
  const before = (await verification(account, table))?.verified_at?.getTime() ?? 0;
  await askFullVerification(h, account.id);
  await waitFor(async () => ((await verification(account, table))?.verified_at?.getTime() ?? 0) > before, {
    description: 'the verification to complete',
    timeoutMs: 60_000,
  });
  return (await verification(account, table)) as TableVerificationRow;
}

async function liveRows(account: Account, table: string): Promise<Map<string, Json>> {
  const rows = (await h.destination.knex(table).where({ account_id: account.identifier, _deleted: false }).select('id', 'data')) as {
    id: string;
    data: Json;
  }[];
  return new Map(rows.map((r) => [r.id, r.data]));
}

async function expectEqualToProvider(account: Account, resource: 'charges' | 'products', table: string): Promise<void> {
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, resource);
  const stored = await liveRows(account, table);
  expect([...stored.keys()].sort()).toEqual([...provider.keys()].sort());
  for (const [id, object] of provider) expect({ id, data: stored.get(id) }).toEqual({ id, data: object });
}

const lastWrite = async (account: Account, table: string) =>
  (await h.destination.knex(table).where({ account_id: account.identifier }).max({ at: '_synced_at' }).count({ n: '*' }).first()) as {
    at: Date;
    n: string;
  };

it('verifies an account without drift and writes nothing to the destination', async () => {
  const account = await loadedAccount({ charges: 450, products: 12 });
  const before = await lastWrite(account, 'stripe_charges');
  const result = await verify(account, 'stripe_charges');
  expect(result).toMatchObject({ drift_found: 0, drift_repaired: 0, verified_scope: 'full', verified_from: null });
  expect(Number(result.verified_through) * 1000).toBeGreaterThan(Date.now() - 60_000);
  expect(await lastWrite(account, 'stripe_charges')).toEqual(before);
  await expectEqualToProvider(account, 'charges', 'stripe_charges');
});

const driftMetric = async (kind: string): Promise<number> =>
  (await h.deps.metrics.verificationDrift.get()).values.find((v) => v.labels.table === 'stripe_charges' && v.labels.kind === kind)?.value ??
  0;

it('loads again the rows deleted from the destination', async () => {
  const account = await loadedAccount({ charges: 450, products: 3 });
  const missingBefore = await driftMetric('missing');
  const gone = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderBy('id')
    .limit(7)
    .pluck('id')) as string[];
  await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).whereIn('id', gone).delete();
  expect(await verify(account, 'stripe_charges')).toMatchObject({ drift_found: 7, drift_repaired: 7 });
  await expectEqualToProvider(account, 'charges', 'stripe_charges');
  expect((await driftMetric('missing')) - missingBefore).toBe(7);
});

it('brings in objects created and changed at the provider without an event', async () => {
  const account = await loadedAccount({ charges: 450, products: 3 });
  const ids = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderBy('created')
    .limit(4)
    .pluck('id')) as string[];
  for (const id of ids)
    await h.emulator.admin('POST', emulatorPath(account, `charges/${id}?silent=true`), { description: `changed ${id}` });
  for (let i = 0; i < 3; i++) await h.emulator.admin('POST', emulatorPath(account, 'charges?silent=true'), { amount: 1_000 + i });
  expect(await verify(account, 'stripe_charges')).toMatchObject({ drift_found: 7, drift_repaired: 7 });
  await expectEqualToProvider(account, 'charges', 'stripe_charges');
  const changed = await liveRows(account, 'stripe_charges');
  expect(changed.get(ids[0] as string)).toMatchObject({ description: `changed ${ids[0]}` });
});

it('marks deleted the objects the provider no longer lists', async () => {
  const account = await loadedAccount({ charges: 450, products: 3 });
  const ids = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderBy('id')
    .limit(5)
    .pluck('id')) as string[];
  for (const id of ids) await h.emulator.admin('DELETE', emulatorPath(account, `charges/${id}?silent=true`));
  expect(await verify(account, 'stripe_charges')).toMatchObject({ drift_found: 5, drift_repaired: 5 });
  await expectEqualToProvider(account, 'charges', 'stripe_charges');
  const marked = await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).whereIn('id', ids).pluck('_deleted');
  expect(marked).toEqual([true, true, true, true, true]);
});

it('rewrites rows whose _source_ts is older than the object’s own update time', async () => {
  const account = await loadedAccount({ charges: 20, products: 12 });
  const ids = (await h.destination
    .knex('stripe_products')
    .where({ account_id: account.identifier })
    .orderBy('id')
    .limit(3)
    .pluck('id')) as string[];
  // A state recorded as older than the provider says the object last changed: it may predate that change.
  await h.destination
    .knex('stripe_products')
    .where({ account_id: account.identifier })
    .whereIn('id', ids)
    .update({ _source_ts: h.destination.knex.raw("to_timestamp((data->>'updated')::bigint) - interval '1 day'") });
  expect(await verify(account, 'stripe_products')).toMatchObject({ drift_found: 3, drift_repaired: 3 });
  await expectEqualToProvider(account, 'products', 'stripe_products');
  const fresh = (await h.destination.knex('stripe_products').whereIn('id', ids).pluck('_source_ts')) as Date[];
  for (const at of fresh) expect(at.getTime()).toBeGreaterThan(Date.now() - 120_000);
  expect((await verification(account, 'stripe_charges'))?.drift_found).toBe(0);
});

it('repairs typed columns altered or emptied in the destination while `data` is intact', async () => {
  const account = await loadedAccount({ charges: 120, products: 3 });
  const columns = ['id', 'amount', 'currency', 'paid', 'created', 'metadata'];
  const typed = async () =>
    (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).orderBy('id').select(columns)) as Json[];
  const before = await typed();
  const [altered, emptied, timeShifted] = before.map((row) => String(row.id));
  const rows = () => h.destination.knex('stripe_charges').where({ account_id: account.identifier });
  await rows()
    .where({ id: altered })
    .update({ amount: h.destination.knex.raw('amount + 1'), currency: 'xxx', metadata: JSON.stringify({ altered: 'yes' }) });
  // What a column dropped and added again holds: nothing.
  await rows().where({ id: emptied }).update({ amount: null, paid: null });
  await rows()
    .where({ id: timeShifted })
    .update({ created: h.destination.knex.raw("created + interval '1 second'") });
  expect(await verify(account, 'stripe_charges')).toMatchObject({ drift_found: 3, drift_repaired: 3 });
  expect(await typed()).toEqual(before);
  await expectEqualToProvider(account, 'charges', 'stripe_charges');
});
