import { syncOwner } from '@datasync/accounts';
import { TABLES } from '@datasync/db';
import { claimTable, connect, parseConnectionString } from '@datasync/destinations';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { insertAccount, seedTarget, type SeededTarget } from '../testing/fixtures';
import { verifyAccount } from '../verify/verifyAccount';

// Production and development given the same destination schema, as customers often set them up:
// an account's identifier is unique only inside one environment, so the development account
// below has the production account's identifier. Each table has one owner (its marker).

let h: LoaderHarness;
let developmentId: string;
let development: SeededTarget;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers();
  const [other] = (await h
    .knex(TABLES.environments)
    .whereIn('organization_id', h.knex(TABLES.environments).where({ id: h.environmentId }).select('organization_id'))
    .whereNot({ id: h.environmentId })
    .select('id')) as { id: string }[];
  developmentId = other!.id;
  const app = await h.emulator.createAccount({ objects: { charges: 0 } });
  development = await seedTarget(h.knex, h.secretBox, {
    environmentId: developmentId,
    connectionString: h.destination.connectionString,
    sourceKey: app.secret_key,
  });
});

afterAll(async () => {
  await h?.stop();
});

const state = async (accountId: string) =>
  (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status', 'reason', 'error_code')) as
    { status: string; reason: string | null; error_code: string | null } | undefined;

const rows = async (identifier: string) =>
  Number(((await h.destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as [{ n: string }])[0].n);

/** The destination as before owners were recorded: no marker. */
async function forgetOwners(): Promise<void> {
  if (await h.destination.knex.schema.hasTable('_datasync_table_owners')) await h.destination.knex('_datasync_table_owners').delete();
}

async function loadInProduction(charges: number) {
  const account = await h.addAccount({ charges });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await state(account.id))?.status === 'live', {
    description: 'the production account to be live',
    timeoutMs: 30_000,
  });
  return account;
}

/** A development account with the same provider account, hence the same identifier. */
async function developmentTwin(of: { identifier: string; externalId: string; key: string }) {
  return insertAccount(h.knex, h.secretBox, {
    environmentId: developmentId,
    sourceId: development.sourceId,
    key: of.key,
    externalId: of.externalId,
    identifier: of.identifier,
  });
}

it('the loader refuses to write into a table whose marker names another owner: the account shows why, nothing is written', async () => {
  const production = await loadInProduction(40);
  expect(await rows(production.identifier)).toBe(40);
  const twin = await developmentTwin(production);

  await h.deps.producer.enqueue('account.attach', { accountId: twin.id });
  const failed = await waitFor(async () => ((await state(twin.id))?.status === 'error' ? state(twin.id) : undefined), {
    description: 'the development account to show error',
    timeoutMs: 20_000,
  });
  const owner = await syncOwner(h.knex, h.target.syncId);
  expect(failed.error_code).toBe('table_owned');
  expect(failed.reason).toMatch(
    /^Refused to write into the destination dest_[0-9a-f]+: The table stripe_charges in this destination belongs to /,
  );
  expect(failed.reason).toContain(`the sync ${owner!.syncName} (${owner!.syncId}) of the environment production (${h.environmentId})`);
  expect(failed.reason).not.toContain(h.destination.connectionString);
  expect(failed.reason).not.toContain(production.key);
  // Nothing written, no run started: the production rows are as they were.
  expect(await h.knex(TABLES.runs).where({ account_id: twin.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect(await rows(production.identifier)).toBe(40);
});

it('a purge in one environment leaves the rows of the environment that owns the table', async () => {
  const production = await loadInProduction(40);
  const twin = await developmentTwin(production);
  await h.knex(TABLES.accounts).where({ id: twin.id }).update({ deleting_at: h.knex.fn.now() });

  await h.deps.producer.enqueue('account.purge', { accountId: twin.id });
  await waitFor(async () => (await h.knex(TABLES.accounts).where({ id: twin.id }).first()) === undefined, {
    description: 'the development account to be purged and removed',
    timeoutMs: 20_000,
  });
  expect(await rows(production.identifier)).toBe(40);
});

it('a table made before owners were recorded is adopted by the first write, then refused to the other environment', async () => {
  // The production sync's marker removed, as a table from before markers has none.
  await forgetOwners();
  const twin = await developmentTwin(await h.addAccount({ charges: 5 }));
  await h.deps.producer.enqueue('account.attach', { accountId: twin.id });
  await waitFor(async () => (await state(twin.id))?.status === 'live', {
    description: 'the development account to load',
    timeoutMs: 30_000,
  });
  expect(await rows(twin.identifier)).toBe(5);
  const handle = await connect(parseConnectionString('postgres', h.destination.connectionString), { allowPrivateNetworks: true });
  try {
    const production = (await syncOwner(h.knex, h.target.syncId))!;
    await expect(claimTable(handle, { schema: 'public', table: 'stripe_charges', owner: production })).rejects.toMatchObject({
      code: 'table_owned',
      holder: { syncId: development.syncId, environmentId: developmentId },
    });
  } finally {
    await handle.close();
  }
});

it("a verification leaves alone a table another sync owns: the owner's rows are not marked deleted", async () => {
  await forgetOwners();
  // Development loaded the table first (3 charges of its own provider account)...
  const production = await h.addAccount({ charges: 0 });
  const app = await h.emulator.createAccount({ objects: { charges: 3 } });
  const twin = await insertAccount(h.knex, h.secretBox, {
    environmentId: developmentId,
    sourceId: development.sourceId,
    key: app.secret_key,
    externalId: app.id,
    identifier: production.identifier,
  });
  await h.deps.producer.enqueue('account.attach', { accountId: twin.id });
  await waitFor(async () => (await state(twin.id))?.status === 'live', {
    description: 'the development account to load',
    timeoutMs: 30_000,
  });
  // ...and production owns it now (its marker), with rows of its own under the same identifier.
  const owner = (await syncOwner(h.knex, h.target.syncId))!;
  await h.destination.knex('_datasync_table_owners').where({ table_name: 'stripe_charges' }).update({
    environment_id: owner.environmentId,
    environment_name: owner.environmentName,
    sync_id: owner.syncId,
    sync_name: owner.syncName,
  });
  await h.destination.knex('stripe_charges').insert(
    Array.from({ length: 5 }, (_, i) => ({
      account_id: production.identifier,
      id: `ch_production_${i}`,
      data: { id: `ch_production_${i}`, object: 'charge', created: 1_700_000_000 },
      created: new Date(1_700_000_000_000),
      _source_ts: new Date(),
      _synced_at: new Date(),
      _deleted: false,
    })),
  );

  expect(await verifyAccount(h.deps, { accountId: twin.id, scope: 'full', requestedAt: new Date() }, silentLogger())).toBe('done');
  const deleted = await h.destination.knex('stripe_charges').where({ account_id: production.identifier, _deleted: true }).count({ n: '*' });
  expect(deleted).toEqual([{ n: '0' }]);
});
