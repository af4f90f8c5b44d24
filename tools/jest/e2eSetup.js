'use strict';
// jest globalSetup of the e2e project: the test database (integrationSetup.js), then the stack the
// dashboard test files share (test/e2e/support/sharedDashboardStack.ts), started once for the run
// and stopped by e2eTeardown.js. The other e2e files start worlds of their own: they kill, restart
// or reconfigure their processes.
require('../../libs/testing/register');
const path = require('node:path');
const prepareTestDatabase = require('./integrationSetup');

const STOP = Symbol.for('datasync.e2e.stopSharedDashboardStack');

/** Whether the run may include a file that uses the shared stack (no filter, or one that matches it). */
function mayRunSharedFiles(globalConfig, files) {
  const patterns = globalConfig.testPathPatterns?.patterns ?? globalConfig.testPathPatterns ?? [];
  if (!Array.isArray(patterns) || patterns.length === 0) return true;
  const paths = files.map((file) => path.join(__dirname, '..', '..', 'test', 'e2e', file));
  return patterns.some((pattern) => paths.some((p) => new RegExp(pattern, 'i').test(p)));
}

module.exports = async (globalConfig, projectConfig) => {
  await prepareTestDatabase(globalConfig, projectConfig);
  const { SHARED_DASHBOARD_FILES, startSharedDashboardStack } = require('../../test/e2e/support/sharedDashboardStack');
  if (!mayRunSharedFiles(globalConfig, SHARED_DASHBOARD_FILES)) return;
  const started = Date.now();
  globalThis[STOP] = await startSharedDashboardStack();
  process.stdout.write(`\nshared dashboard stack started in ${Date.now() - started} ms\n`);
};
