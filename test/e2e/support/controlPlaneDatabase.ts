import { randomBytes } from 'node:crypto';
import { createKnex, dropDatabase, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import { testDatabaseUrl } from '@datasync/testing';

// Every stack that runs a loader needs a control-plane database of its own: the loader's
// reconciler looks at every account there is, so on a database shared with other stacks it
// queues their accounts too and, holding another master key, records "a stored credential could
// not be opened" on them.

export interface ScratchDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A new database on the test server, named `<prefix>_<random>`; migrated when asked. */
export async function scratchDatabase(prefix: string, migrate: boolean): Promise<ScratchDatabase> {
  const server = testDatabaseUrl();
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server, 'postgres');
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(server, name);
  const knex = createKnex({ url, applicationName: `${prefix}-e2e`, statementTimeoutMs: 60_000, poolMax: 4 });
  try {
    if (migrate) await migrateLatest(knex);
  } catch (err) {
    await knex.destroy();
    await dropDatabase(adminUrl, name);
    throw err;
  }
  return {
    url,
    knex,
    async drop() {
      await knex.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
