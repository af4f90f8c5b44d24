import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

// A CPU profile of a service a benchmark starts, from its start to its exit, written as
// `<CPU_PROFILE_DIR>/<pid>.cpuprofile` (Chrome DevTools' format; `node bench/dist/throughput/cpuProfileTop.js`
// summarises it). Node refuses `--cpu-prof` in NODE_OPTIONS, so the profiler is started here:
//   BENCH_THROUGHPUT_LOADER_ENV="NODE_OPTIONS=--require /abs/bench/dist/throughput/cpuProfilePreload.js,CPU_PROFILE_DIR=/tmp/prof"

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // The main thread's inspector session answers synchronously, so the profile is written inside 'exit'.
  process.once('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
