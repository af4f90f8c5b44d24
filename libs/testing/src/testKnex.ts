import { createKnex, type Knex } from '@datasync/db';
import { testDatabaseUrl } from './config';

let shared: Knex | undefined;

/**
 * The knex handle on the test database, shared by the tests of one file (jest gives every test
 * file its own module registry). Call `closeTestKnex()` in `afterAll`.
 */
export function getTestKnex(): Knex {
  shared ??= createKnex({
    url: testDatabaseUrl(),
    applicationName: 'datasync-test',
    statementTimeoutMs: 30_000,
    // Small: jest runs several files at once and each holds its own pool.
    poolMax: 4,
  });
  return shared;
}

export async function closeTestKnex(): Promise<void> {
  const knex = shared;
  shared = undefined;
  await knex?.destroy();
}
