'use strict';
// jest globalSetup of the integration and e2e projects: creates the test database if missing and
// migrates it, once per run, before any test. It runs the TypeScript sources through
// libs/testing/register.js, so `npx jest` works without a build.
require('../../libs/testing/register');

module.exports = async () => {
  const { prepareTestDatabase } = require('../../libs/testing/src/testDatabase');
  const started = Date.now();
  try {
    const result = await prepareTestDatabase();
    if (result.created || result.migrations.length > 0) {
      process.stdout.write(
        `\ntest database ${result.database}: ${result.created ? 'created, ' : ''}` +
          `${result.migrations.length} migration(s) applied in ${Date.now() - started} ms\n`,
      );
    }
  } catch (err) {
    // Without the database every integration test would fail on its own; one clear line instead.
    throw new Error(`could not prepare the test database: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
};
