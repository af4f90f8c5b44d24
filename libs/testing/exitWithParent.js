'use strict';
// Preloaded (`node -r <this file>`) into servers that tests spawn. A test has no hook that runs
// when its jest worker exits (an 'exit' listener added from a test file is never called: the file
// sees a sandboxed copy of `process`), so a child whose afterAll did not stop it (a failed
// beforeAll, a killed worker) would outlive the run. When the parent is gone the child is
// re-parented, which this notices, and it stops itself as on SIGTERM.
const parentPid = process.ppid;

setInterval(() => {
  if (process.ppid !== parentPid) process.kill(process.pid, 'SIGTERM');
}, 1_000).unref();
