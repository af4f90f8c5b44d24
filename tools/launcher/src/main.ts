import { loadLauncherConfig } from './config';
import { LocalSystem } from './system';

// `npm start`: the whole system on one machine until Ctrl-C.
async function main(): Promise<void> {
  const config = loadLauncherConfig();
  let exitCode: number | undefined;
  const system = new LocalSystem(config, (message) => void shutdown(1, message));

  async function shutdown(code: number, reason: string): Promise<void> {
    if (exitCode !== undefined) return;
    exitCode = code;
    system.log(reason);
    await system.stop();
    process.exit(exitCode);
  }

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals === 1) return void shutdown(0, `${signal} received`);
    system.log('second signal: killing everything now');
    system.kill();
    process.exit(1);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

  try {
    await system.start();
  } catch (err) {
    // Once stopping, a start step failing because its child was stopped is expected, not news.
    if (exitCode !== undefined) return;
    await shutdown(1, `start failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

void main();
