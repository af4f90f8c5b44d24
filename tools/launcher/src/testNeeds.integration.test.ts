import path from 'node:path';
import { repoRoot } from './config';
import { NOTHING, needsOf } from './testNeeds';

// The repository's own test files, read from disk, with what each must have started for it.
const file = (relative: string) => path.join(repoRoot, relative);

describe('needsOf: what a selection of tests needs, read from the files', () => {
  it('a unit test needs nothing: no server starts for it', () => {
    expect(needsOf([file('libs/config/src/config.unit.test.ts')])).toEqual(NOTHING);
    expect(needsOf([])).toEqual(NOTHING);
  });

  it('an integration test needs Postgres and Redis, not MariaDB', () => {
    expect(needsOf([file('libs/db/src/migrations.integration.test.ts')])).toEqual({ ...NOTHING, postgres: true, redis: true });
  });

  it('an integration test using the MariaDB helpers needs MariaDB, directly or through a helper it imports', () => {
    // Names testMysqlUrl itself.
    expect(needsOf([file('services/loader/src/verify/mysqlVerify.integration.test.ts')]).mariadb).toBe(true);
    // Through services/config-service/src/testing/destinationDatabases.ts.
    expect(needsOf([file('services/config-service/src/routes/destinations/postDestination.integration.test.ts')]).mariadb).toBe(true);
    // Through a relative import of libs/destinations/src/testing/testMysql.ts.
    expect(needsOf([file('libs/destinations/src/connect.integration.test.ts')]).mariadb).toBe(true);
  });

  it('an end-to-end test needs every server, and Chromium only when it drives a browser', () => {
    expect(needsOf([file('test/e2e/start.e2e.test.ts')])).toEqual({ postgres: true, redis: true, mariadb: true, chromium: false });
    expect(needsOf([file('test/e2e/dashboard.e2e.test.ts')]).chromium).toBe(true);
  });

  it('adds up over a selection', () => {
    const needs = needsOf([file('libs/config/src/config.unit.test.ts'), file('libs/db/src/migrations.integration.test.ts')]);
    expect(needs).toEqual({ ...NOTHING, postgres: true, redis: true });
  });
});
