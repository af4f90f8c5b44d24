import { Client } from 'pg';
import { createKnex, databaseName, ensureDatabase, migrateLatest, withDatabase, type MigrationResult } from '@datasync/db';
import { testDatabaseUrl } from './config';

// Any constant works; it only has to be the same for every jest run on this server.
const SETUP_LOCK = 'datasync:test-database-setup';

export { ensureDatabase };

/**
 * Creates the test database if missing and migrates it to the latest version. Several jest runs
 * may start at once: a session advisory lock, taken in the server's `postgres` database (which
 * always exists), serialises them.
 */
export async function prepareTestDatabase(): Promise<{ database: string; created: boolean } & MigrationResult> {
  const url = testDatabaseUrl();
  const adminUrl = withDatabase(url, 'postgres');
  const database = databaseName(url);
  const lock = new Client({ connectionString: adminUrl, application_name: 'datasync-test-setup' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [SETUP_LOCK]);
    const created = await ensureDatabase(adminUrl, database);
    const knex = createKnex({ url, applicationName: 'datasync-test-setup', statementTimeoutMs: 0, poolMax: 2 });
    try {
      return { database, created, ...(await migrateLatest(knex)) };
    } finally {
      await knex.destroy();
    }
  } finally {
    // Ending the session releases the lock, also when a step above failed.
    await lock.end();
  }
}
