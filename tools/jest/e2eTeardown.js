'use strict';
// jest globalTeardown of the e2e project: stops the stack e2eSetup.js started, if it did.
const STOP = Symbol.for('datasync.e2e.stopSharedDashboardStack');

module.exports = async () => {
  const stop = globalThis[STOP];
  delete globalThis[STOP];
  if (stop) await stop();
};
