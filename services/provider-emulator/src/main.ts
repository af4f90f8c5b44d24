import path from 'node:path';
import { Readiness, boundPort, installShutdown, listen } from '@datasync/http';
import { createServiceLogger, type Logger } from '@datasync/logger';
import { createApp } from './app';
import { loadEmulatorConfig } from './config';
import { StateJournal } from './persistence/stateJournal';
import { createEmulatorState } from './state/createEmulatorState';
import type { EmulatorState } from './state/emulatorState';

async function main(): Promise<void> {
  const config = loadEmulatorConfig();
  const logger = createServiceLogger('provider-emulator', config);
  const readiness = new Readiness();
  const state = createEmulatorState(config);
  const journal = config.EMULATOR_STATE_DIR ? openJournal(config.EMULATOR_STATE_DIR, state, logger) : undefined;
  const app = createApp({ state, logger, readiness, saveState: journal && (() => journal.save()) });
  const server = await listen(app, config.PORT, config.HOST);
  installShutdown({
    logger,
    readiness,
    servers: [server],
    closers: [async () => state.webhookDelivery.close(), ...(journal ? [async () => journal.close()] : [])],
  });
  logger.info('listening', { url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${boundPort(server)}` });
}

function openJournal(dir: string, state: EmulatorState, logger: Logger): StateJournal {
  const { journal, replayed, tornTail } = StateJournal.open(path.resolve(dir), state);
  logger.info('state restored', { file: journal.path, records: replayed, accounts: state.allAccounts().length });
  // A crash in the middle of a write: the change it held was never answered, so nothing is lost.
  if (tornTail) logger.warn('state journal ended in a torn line, left out', { file: journal.path });
  return journal;
}

main().catch((err: unknown) => {
  process.stderr.write(`provider-emulator failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
