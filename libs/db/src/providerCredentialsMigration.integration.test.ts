import { randomBytes } from 'node:crypto';
import { loadMigrateConfig } from './config';
import { createKnex, type Knex } from './connection';
import { dropDatabase, ensureDatabase, withDatabase } from './databases';
import { DirectoryMigrationSource, migrateLatest, migrateRollback } from './migrator';
import { TABLES } from './tables';

// 20261128140000_provider_credentials over a database holding Stripe rows written before it:
// a throwaway database, migrated to just before it, then through it.
const serverUrl = loadMigrateConfig().DATABASE_URL;
const adminUrl = withDatabase(serverUrl, 'postgres');
const database = `datasync_credmig_${randomBytes(5).toString('hex')}`;
const MIGRATION = '20261128140000_provider_credentials';
let knex: Knex;

/** The history up to, not including, the migration under test. */
class HistoryBefore extends DirectoryMigrationSource {
  override async getMigrations(loadExtensions?: readonly string[]): Promise<string[]> {
    return (await super.getMigrations(loadExtensions)).filter((file) => this.getMigrationName(file) < MIGRATION);
  }
}

/** The history through MIGRATION: later migrations are not what this test is about. */
class HistoryThrough extends DirectoryMigrationSource {
  override async getMigrations(loadExtensions?: readonly string[]): Promise<string[]> {
    return (await super.getMigrations(loadExtensions)).filter((file) => this.getMigrationName(file) <= MIGRATION);
  }
}

async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code?: string; constraint?: string };
  }
  throw new Error('statement succeeded');
}

beforeAll(async () => {
  await ensureDatabase(adminUrl, database);
  knex = createKnex({ url: withDatabase(serverUrl, database), applicationName: 'credmig', statementTimeoutMs: 10_000, poolMax: 2 });
});

afterAll(async () => {
  await knex?.destroy();
  await dropDatabase(adminUrl, database);
});

describe('provider credentials migration', () => {
  it('keeps Stripe accounts and sources as they were, then allows provider-defined kinds, expiries and sources without a mode', async () => {
    await migrateLatest(knex, new HistoryBefore());
    const [org] = (await knex(TABLES.organizations).insert({ name: 'acme' }).returning('id')) as { id: string }[];
    const [env] = (await knex(TABLES.environments).insert({ organization_id: org!.id, name: 'production' }).returning('id')) as {
      id: string;
    }[];
    const environmentId = env!.id;
    const [source] = (await knex(TABLES.sources)
      .insert({
        environment_id: environmentId,
        name: 'stripe_app',
        provider: 'stripe',
        credential_secret: 'sealed-app-key',
        provider_account_id: 'acct_1Platform',
        livemode: false,
      })
      .returning('id')) as { id: string }[];
    const sourceId = source!.id;
    const stripeAccount = (identifier: string, kind: string, secret: string | null) => ({
      environment_id: environmentId,
      source_id: sourceId,
      source_type: 'stripe',
      identifier,
      external_id: identifier,
      credential_kind: kind,
      credential_secret: secret,
    });
    await knex(TABLES.accounts).insert([
      stripeAccount('acct_1OwnKey', 'secret_key', 'sealed-account-key'),
      stripeAccount('acct_1Connected', 'connected_account', null),
    ]);
    // Before: the Stripe-only check refuses any other kind.
    expect(await pgError(knex(TABLES.accounts).insert(stripeAccount('acct_1Other', 'oauth_token', 'sealed')))).toMatchObject({
      constraint: 'accounts_credential_kind_check',
    });

    expect((await migrateLatest(knex, new HistoryThrough())).migrations).toEqual([MIGRATION]);

    const accounts = await knex(TABLES.accounts)
      .where({ source_id: sourceId })
      .orderBy('identifier')
      .select('identifier', 'credential_kind', 'credential_secret', 'credential_expires_at', 'credential_updated_at');
    expect(accounts).toEqual([
      {
        identifier: 'acct_1Connected',
        credential_kind: 'connected_account',
        credential_secret: null,
        credential_expires_at: null,
        credential_updated_at: null,
      },
      {
        identifier: 'acct_1OwnKey',
        credential_kind: 'secret_key',
        credential_secret: 'sealed-account-key',
        credential_expires_at: null,
        credential_updated_at: null,
      },
    ]);
    expect(await knex(TABLES.sources).where({ id: sourceId }).first('livemode', 'credential_secret')).toEqual({
      livemode: false,
      credential_secret: 'sealed-app-key',
    });

    // After: a kind the provider defines, with an expiry; a source without a mode.
    const expiresAt = new Date('2026-11-28T15:00:00Z');
    await knex(TABLES.accounts).insert({
      ...stripeAccount('acct_1Token', 'oauth_token', 'sealed-token'),
      credential_expires_at: expiresAt,
    });
    await knex(TABLES.sources).insert({
      environment_id: environmentId,
      name: 'modeless',
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'portal_1',
      livemode: null,
    });
    expect(await pgError(knex(TABLES.accounts).insert(stripeAccount('acct_1Bad', 'Not A Kind', null)))).toMatchObject({
      constraint: 'accounts_credential_kind_check',
    });
    expect(await pgError(knex(TABLES.accounts).insert(stripeAccount('acct_1Empty', '', null)))).toMatchObject({
      constraint: 'accounts_credential_kind_check',
    });
    expect(
      await pgError(
        knex(TABLES.accounts).insert({ ...stripeAccount('acct_1Expiry', 'oauth_token', null), credential_expires_at: expiresAt }),
      ),
    ).toMatchObject({ constraint: 'accounts_credential_expiry_check' });

    // Down again, once only Stripe's rows are left: the old checks hold them.
    await knex(TABLES.accounts).where({ identifier: 'acct_1Token' }).delete();
    await knex(TABLES.sources).where({ name: 'modeless' }).delete();
    expect((await migrateRollback(knex, {}, new HistoryThrough())).migrations).toEqual([MIGRATION]);
    expect(await knex(TABLES.accounts).where({ source_id: sourceId }).orderBy('identifier').pluck('credential_kind')).toEqual([
      'connected_account',
      'secret_key',
    ]);
  });
});
