import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadMigrateConfig } from './config';
import { createKnex, type Knex } from './connection';
import { dropDatabase, ensureDatabase, withDatabase } from './databases';
import { DirectoryMigrationSource, migrateLatest, migrateRollback } from './migrator';
import { TABLES } from './tables';

// A throwaway database: rolling back the shared test database would break tests running beside this one.
const serverUrl = loadMigrateConfig().DATABASE_URL;
const adminUrl = withDatabase(serverUrl, 'postgres');
const database = `datasync_migtest_${randomBytes(5).toString('hex')}`;
let knex: Knex;

// The first migrations of the history; later ones (other modules' tables) follow them.
const FOUNDATION = [
  '20261122000000_organizations_users',
  '20261122000100_environments',
  '20261122000200_client_credentials',
  '20261122000300_audit_log',
];
let all: string[];

async function tables(): Promise<string[]> {
  const rows = (await knex('information_schema.tables')
    .where({ table_schema: 'public' })
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  return rows;
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
  const source = new DirectoryMigrationSource();
  all = (await source.getMigrations(['.js', '.ts'])).map((file) => source.getMigrationName(file));
  await ensureDatabase(adminUrl, database);
  knex = createKnex({
    url: withDatabase(serverUrl, database),
    applicationName: 'migtest',
    statementTimeoutMs: 10_000,
    poolMax: 2,
  });
});

afterAll(async () => {
  await knex?.destroy();
  await dropDatabase(adminUrl, database);
});

describe('control-plane migrations', () => {
  it('migrate up, record names without extensions, and are a no-op the second time', async () => {
    expect(all.slice(0, FOUNDATION.length)).toEqual(FOUNDATION);
    const first = await migrateLatest(knex);
    expect(first).toEqual({ batch: 1, migrations: all });
    expect(await knex('knex_migrations').orderBy('id').pluck('name')).toEqual(all);
    expect(await tables()).toEqual(expect.arrayContaining([...Object.values(TABLES), 'knex_migrations', 'knex_migrations_lock']));
    expect(await migrateLatest(knex)).toEqual({ batch: 1, migrations: [] });
  });

  it('enforce the constraints and defaults of docs/architecture.md (Words) and docs/access.md', async () => {
    const [org] = await knex(TABLES.organizations).insert({ name: 'acme' }).returning(['id', 'created_at']);
    expect(org.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(org.created_at).toBeInstanceOf(Date);

    await knex(TABLES.users).insert({ organization_id: org.id, email: 'Ada@Example.com', password_hash: 'h' });
    const duplicateEmail = await pgError(
      knex(TABLES.users).insert({ organization_id: org.id, email: 'ada@example.COM', password_hash: 'h' }),
    );
    expect(duplicateEmail).toMatchObject({ code: '23505', constraint: 'users_email_lower_unique' });

    const [production] = await knex(TABLES.environments)
      .insert({ organization_id: org.id, name: 'production' })
      .returning(['id', 'early_access']);
    expect(production.early_access).toBe(false);
    expect(await pgError(knex(TABLES.environments).insert({ organization_id: org.id, name: 'production' }))).toMatchObject({
      code: '23505',
    });
    expect(await pgError(knex(TABLES.environments).insert({ organization_id: org.id, name: 'staging' }))).toMatchObject({
      code: '23514',
      constraint: 'environments_name_check',
    });

    const credential = { environment_id: production.id, client_id: 'cli_1', secret_hash: 'ab', secret_last4: 'wxyz' };
    const [stored] = await knex(TABLES.clientCredentials).insert(credential).returning(['revoked_at']);
    expect(stored.revoked_at).toBeNull();
    expect(await pgError(knex(TABLES.clientCredentials).insert(credential))).toMatchObject({ code: '23505' });
    expect(
      await pgError(knex(TABLES.clientCredentials).insert({ ...credential, client_id: 'cli_2', environment_id: org.id })),
    ).toMatchObject({ code: '23503' });

    const [entry] = await knex(TABLES.auditLog)
      .insert({ organization_id: org.id, environment_id: production.id, actor: 'user:1', action: 'credential.created' })
      .returning(['id', 'details']);
    expect(entry.id).toMatch(/^\d+$/);
    expect(entry.details).toEqual({});

    // Deleting an environment removes its credentials and keeps its audit trail.
    await knex(TABLES.environments).where({ id: production.id }).delete();
    expect(await knex(TABLES.clientCredentials).where({ environment_id: production.id }).count()).toEqual([{ count: '0' }]);
    expect(await knex(TABLES.auditLog).where({ id: entry.id }).first('environment_id')).toEqual({ environment_id: null });
  });

  it('have indexes on the foreign keys that lists filter by', async () => {
    const indexes = await knex('pg_indexes').where({ schemaname: 'public' }).pluck('indexdef');
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ON public\.client_credentials USING btree \(environment_id\)/),
        expect.stringMatching(/ON public\.users USING btree \(lower\(email\)\)/),
        expect.stringMatching(/ON public\.audit_log USING btree \(organization_id, created_at\)/),
      ]),
    );
  });

  it('roll all the way back and up again', async () => {
    const tablesAfterUp = await tables();
    expect(await migrateRollback(knex, { all: true })).toEqual({ batch: 1, migrations: [...all].reverse() });
    expect(await tables()).toEqual(['knex_migrations', 'knex_migrations_lock']);
    expect(await migrateLatest(knex)).toEqual({ batch: 1, migrations: all });
    expect(await tables()).toEqual(tablesAfterUp);
  });
});

describe('DirectoryMigrationSource', () => {
  it('lists compiled and source files, never declarations or other files, one per name', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      for (const file of ['2_b.js', '2_b.d.ts', '2_b.js.map', '1_a.ts', '1_a.js', 'README.md', '3_c.d.ts']) {
        await fs.writeFile(path.join(dir, file), '');
      }
      const source = new DirectoryMigrationSource(dir);
      const files = await source.getMigrations(['.js', '.ts']);
      expect(files).toEqual(['1_a.js', '2_b.js']);
      expect(files.map((f) => source.getMigrationName(f))).toEqual(['1_a', '2_b']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
