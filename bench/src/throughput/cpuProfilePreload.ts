import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

// A CPU profile of a service a benchmark starts, written as `<CPU_PROFILE_DIR>/<pid>-<n>.cpuprofile`
// (Chrome DevTools' format; `node bench/dist/throughput/cpuProfileTop.js` summarises it). Node
// refuses `--cpu-prof` in NODE_OPTIONS, so the profiler is started here:
//   BENCH_THROUGHPUT_LOADER_ENV="NODE_OPTIONS=--require /abs/bench/dist/throughput/cpuProfilePreload.js,CPU_PROFILE_DIR=/tmp/prof"
// SIGUSR2 closes the profile so far and starts the next one, so a benchmark can cut out the window
// it measures (the unthrottled load signals at its registration and at its last row): file 1 is
// start-up, file 2 the window, file 3 what follows until the exit.

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  let part = 1;
  // The main thread's inspector session answers synchronously, so a profile can be written inside 'exit'.
  const write = () =>
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(path.join(dir, `${process.pid}-${part}.cpuprofile`), JSON.stringify(result.profile));
      part += 1;
    });
  process.on('SIGUSR2', () => {
    write();
    session.post('Profiler.start');
  });
  process.once('exit', write);
}
