import { randomBytes } from 'node:crypto';
import { TABLES, dropDatabase, ensureDatabase, withDatabase } from '@datasync/db';
import { testDatabaseUrl, waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { insertAccount, seedTarget } from '../testing/fixtures';
import { providerObjects } from '../testing/providerData';

// Failures stay on the account they belong to, show a readable reason, and heal by themselves
// once the cause is fixed (the reconciler retries on its schedule: 1 s base here).

let h: LoaderHarness;
const adminUrl = withDatabase(testDatabaseUrl(), 'postgres');
const missingDatabase = `loadermissing_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  h = await startHarness({ settings: { errorRetry: { baseMs: 1_000, maxMs: 2_000 } } });
  h.startWorkers();
  await h.deps.producer.schedule('loader.reconcile', {}, { everyMs: 1_000 });
});

afterAll(async () => {
  await h?.stop();
  await dropDatabase(adminUrl, missingDatabase);
});

async function state(accountId: string) {
  return (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first()) as
    { status: string; reason: string | null; error_code: string | null; rows_loaded: string } | undefined;
}

async function loadedIds(identifier: string, knex = h.destination.knex): Promise<string[]> {
  return ((await knex('stripe_charges').where({ account_id: identifier }).pluck('id')) as string[]).sort();
}

it('a missing destination database puts only that account in error, readably, and it recovers once the database exists', async () => {
  const server = new URL(testDatabaseUrl());
  // The server's real password (a trust-auth server ignores it): only the database is wrong.
  const badUrl = `postgres://${server.username}:${server.password || 'x'}@${server.hostname}:${server.port || 5432}/${missingDatabase}?sslmode=disable`;
  const emulatorApp = await h.emulator.createAccount({ objects: { charges: 0 } });
  const broken = await seedTarget(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    connectionString: badUrl,
    sourceKey: emulatorApp.secret_key,
  });
  const brokenProvider = await h.emulator.createAccount({ objects: { charges: 700 } });
  const brokenAccount = await insertAccount(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    sourceId: broken.sourceId,
    key: brokenProvider.secret_key,
    externalId: brokenProvider.id,
  });
  const healthy = await h.addAccount({ charges: 1_500 });

  await h.deps.producer.enqueue('account.attach', { accountId: brokenAccount.id });
  await h.deps.producer.enqueue('account.attach', { accountId: healthy.id });

  const failed = await waitFor(async () => ((await state(brokenAccount.id))?.status === 'error' ? state(brokenAccount.id) : undefined), {
    description: 'the broken account to show error',
    timeoutMs: 20_000,
  });
  expect(failed).toMatchObject({ error_code: 'database_missing' });
  expect(failed.reason).toMatch(/^Could not write into the destination dest_[0-9a-f]+: /);
  expect(failed.reason).toContain(missingDatabase);
  await waitFor(async () => (await state(healthy.id))?.status === 'live', {
    description: 'the healthy account to finish',
    timeoutMs: 30_000,
  });
  expect(await loadedIds(healthy.identifier)).toHaveLength(1_500);

  // Fixed by its owner: the reconciler's retry attaches it, and it loads completely.
  await ensureDatabase(adminUrl, missingDatabase);
  await waitFor(async () => (await state(brokenAccount.id))?.status === 'live', {
    description: 'the broken account to recover',
    timeoutMs: 30_000,
  });
  const { createKnex } = await import('@datasync/db');
  const fixedKnex = createKnex({
    url: withDatabase(testDatabaseUrl(), missingDatabase),
    applicationName: 'loader-test',
    statementTimeoutMs: 10_000,
    poolMax: 1,
  });
  try {
    const provider = await providerObjects(h.emulator.baseUrl, brokenProvider.secret_key);
    expect(await loadedIds(brokenAccount.identifier, fixedKnex)).toEqual([...provider.keys()].sort());
  } finally {
    await fixedKnex.destroy();
  }
  expect(await state(brokenAccount.id)).toMatchObject({ reason: null, error_code: null });
});

it('a provider key that stopped working shows error with the provider reason, and heals once a working key is stored', async () => {
  const account = await h.addAccount({ charges: 300 });
  const working = await h.knex(TABLES.accounts).where({ id: account.id }).first('credential_secret');
  await h
    .knex(TABLES.accounts)
    .where({ id: account.id })
    .update({ credential_secret: h.secretBox.seal(`sk_test_51${'x'.repeat(56)}`, h.environmentId) });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });

  const failed = await waitFor(async () => ((await state(account.id))?.status === 'error' ? state(account.id) : undefined), {
    description: 'the account to show error',
    timeoutMs: 20_000,
  });
  expect(failed.error_code).toBe('invalid_credential');
  expect(failed.reason).toMatch(/^The provider refused or failed to serve this account: /);
  expect(failed.reason).not.toContain('sk_test');

  await h.knex(TABLES.accounts).where({ id: account.id }).update({ credential_secret: working.credential_secret });
  await waitFor(async () => (await state(account.id))?.status === 'live', { description: 'the account to recover', timeoutMs: 30_000 });
  expect(await loadedIds(account.identifier)).toHaveLength(300);
});
