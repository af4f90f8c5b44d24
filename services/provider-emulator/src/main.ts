import { Readiness, boundPort, installShutdown, listen } from '@datasync/http';
import { createServiceLogger } from '@datasync/logger';
import { createApp } from './app';
import { loadEmulatorConfig } from './config';
import { createEmulatorState } from './state/createEmulatorState';

async function main(): Promise<void> {
  const config = loadEmulatorConfig();
  const logger = createServiceLogger('provider-emulator', config);
  const readiness = new Readiness();
  const app = createApp({ state: createEmulatorState(config), logger, readiness });
  const server = await listen(app, config.PORT, config.HOST);
  // The emulator holds nothing but memory: nothing to close after the server.
  installShutdown({ logger, readiness, servers: [server], closers: [] });
  logger.info('listening', { url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${boundPort(server)}` });
}

main().catch((err: unknown) => {
  process.stderr.write(`provider-emulator failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
