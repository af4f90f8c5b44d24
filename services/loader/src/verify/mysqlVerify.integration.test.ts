import { randomBytes } from 'node:crypto';
import { TABLES, type TableVerificationRow } from '@datasync/db';
import { connect, parseConnectionString, type SqlHandle } from '@datasync/destinations';
import { testMysqlUrl, waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { askFullVerification } from '../testing/askVerification';

// The same verification into a MySQL (MariaDB) destination: the shared SQL reads, MySQL's JSON
// and DATETIME values. Drift injected behind the loader's back, then one verification.

let h: LoaderHarness;
let admin: SqlHandle;
let dest: SqlHandle;
const database = `verify_${randomBytes(4).toString('hex')}`;

const open = (url: string) => connect(parseConnectionString('mysql', url), { allowPrivateNetworks: true }) as Promise<SqlHandle>;

beforeAll(async () => {
  h = await startHarness({ settings: { verifyAfterLoad: true } });
  admin = await open(testMysqlUrl());
  await admin.query(`CREATE DATABASE \`${database}\``);
  const url = new URL(testMysqlUrl());
  url.pathname = `/${database}`;
  dest = await open(url.toString());
  // The harness's destination, pointed at MySQL before any account loads into it.
  await h
    .knex(TABLES.destinations)
    .where({ id: h.target.destinationId })
    .update({ engine: 'mysql', connection_secret: h.secretBox.seal(url.toString(), h.environmentId) });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
  await dest?.close();
  await admin?.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin?.close();
});

type Account = Awaited<ReturnType<LoaderHarness['addAccount']>>;

const verification = async (account: Account) =>
  (await h.knex(TABLES.tableVerifications).where({ account_id: account.id, table_name: 'stripe_charges' }).first()) as
    TableVerificationRow | undefined;

async function loaded(charges: number): Promise<Account> {
  const account = await h.addAccount({ charges });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await verification(account))?.verified_at, {
    description: 'the verification after the load',
    timeoutMs: 60_000,
  });
  expect(await verification(account)).toMatchObject({ drift_found: 0, drift_repaired: 0 });
  return account;
}

async function verify(account: Account): Promise<TableVerificationRow> {
  const before = (await verification(account))?.verified_at?.getTime() ?? 0;
  await askFullVerification(h, account.id);
  await waitFor(async () => ((await verification(account))?.verified_at?.getTime() ?? 0) > before, {
    description: 'the verification',
    timeoutMs: 60_000,
  });
  return (await verification(account)) as TableVerificationRow;
}

async function ids(account: Account, limit: number): Promise<string[]> {
  const { rows } = await dest.query(`SELECT id FROM stripe_charges WHERE account_id = ? ORDER BY id LIMIT ${limit}`, [account.identifier]);
  return rows.map((r) => String(r.id));
}

async function expectEqualToProvider(account: Account): Promise<void> {
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, 'charges');
  const { rows } = await dest.query('SELECT id, data FROM stripe_charges WHERE account_id = ? AND _deleted = ?', [
    account.identifier,
    false,
  ]);
  const stored = new Map(rows.map((r) => [String(r.id), typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data]));
  expect([...stored.keys()].sort()).toEqual([...provider.keys()].sort());
  for (const [id, object] of provider) expect({ id, data: stored.get(id) }).toEqual({ id, data: object });
}

it('verifies without drift and writes nothing', async () => {
  const account = await loaded(350);
  const lastWrite = async () =>
    (await dest.query('SELECT max(_synced_at) AS at, count(*) AS n FROM stripe_charges WHERE account_id = ?', [account.identifier]))
      .rows[0];
  const before = await lastWrite();
  expect(await verify(account)).toMatchObject({ drift_found: 0, drift_repaired: 0 });
  expect(await lastWrite()).toEqual(before);
});

it('repairs deleted rows, silent creates, changes and removals exactly', async () => {
  const account = await loaded(350);
  const [deleted1, deleted2, changed, removed] = await ids(account, 4);
  await dest.query('DELETE FROM stripe_charges WHERE account_id = ? AND id IN (?, ?)', [account.identifier, deleted1, deleted2]);
  const emulator = (path: string) => `/accounts/${account.externalId}/charges${path}`;
  await h.emulator.admin('POST', emulator(`/${changed}?silent=true`), { description: 'changed silently' });
  await h.emulator.admin('DELETE', emulator(`/${removed}?silent=true`));
  await h.emulator.admin('POST', emulator('?silent=true'), { amount: 4_242 });
  expect(await verify(account)).toMatchObject({ drift_found: 5, drift_repaired: 5 });
  await expectEqualToProvider(account);
  const { rows } = await dest.query('SELECT _deleted FROM stripe_charges WHERE account_id = ? AND id = ?', [account.identifier, removed]);
  expect(Number(rows[0]?._deleted)).toBe(1);
});

it('repairs typed columns altered or emptied in the destination while `data` is intact', async () => {
  const account = await loaded(120);
  const typed = async () =>
    (
      await dest.query('SELECT id, amount, currency, paid, created, metadata FROM stripe_charges WHERE account_id = ? ORDER BY id', [
        account.identifier,
      ])
    ).rows.map((row) => ({ ...row, metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as unknown) : row.metadata }));
  const before = await typed();
  const [altered, emptied, timeShifted] = await ids(account, 3);
  await dest.query(
    `UPDATE stripe_charges SET amount = amount + 1, currency = 'xxx', metadata = '{"altered":"yes"}' WHERE account_id = ? AND id = ?`,
    [account.identifier, altered],
  );
  // What a column dropped and added again holds: nothing.
  await dest.query('UPDATE stripe_charges SET amount = NULL, paid = NULL WHERE account_id = ? AND id = ?', [account.identifier, emptied]);
  await dest.query('UPDATE stripe_charges SET created = created + INTERVAL 1 SECOND WHERE account_id = ? AND id = ?', [
    account.identifier,
    timeShifted,
  ]);
  expect(await verify(account)).toMatchObject({ drift_found: 3, drift_repaired: 3 });
  expect(await typed()).toEqual(before);
  await expectEqualToProvider(account);
});
