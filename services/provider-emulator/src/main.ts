import path from 'node:path';
import { Readiness, boundPort, installShutdown, listen } from '@datasync/http';
import { createServiceLogger, type Logger } from '@datasync/logger';
import { createApp } from './app';
import { loadEmulatorConfig } from './config';
import { StateJournal } from './persistence/stateJournal';
import { createEmulatorState } from './state/createEmulatorState';
import { createHubspotState } from './hubspot/createHubspotState';
import { openHubspotJournal } from './hubspot/hubspotJournal';
import type { EmulatorState } from './state/emulatorState';

async function main(): Promise<void> {
  const config = loadEmulatorConfig();
  const logger = createServiceLogger('provider-emulator', config);
  const readiness = new Readiness();
  const state = createEmulatorState(config);
  const hubspot = createHubspotState({
    seed: config.EMULATOR_SEED,
    historyDays: config.EMULATOR_HISTORY_DAYS,
    latency: config.EMULATOR_HUBSPOT_LATENCY_MS,
    searchLagMs: config.EMULATOR_HUBSPOT_SEARCH_LAG_MS,
  });
  const journal = config.EMULATOR_STATE_DIR ? openJournal(config.EMULATOR_STATE_DIR, state, logger) : undefined;
  const hubspotJournal = config.EMULATOR_STATE_DIR ? openHubspotJournal(config.EMULATOR_STATE_DIR, hubspot) : undefined;
  if (hubspotJournal)
    logger.info('HubSpot state restored', {
      file: hubspotJournal.journal.path,
      records: hubspotJournal.replayed,
      portals: hubspot.portals.size,
    });
  const saveState =
    journal && hubspotJournal
      ? () => {
          journal.save();
          hubspotJournal.journal.save();
        }
      : undefined;
  const app = createApp({ state, logger, readiness, saveState, hubspot });
  const server = await listen(app, config.PORT, config.HOST);
  installShutdown({
    logger,
    readiness,
    servers: [server],
    closers: [
      async () => state.webhookDelivery.close(),
      async () => hubspot.dispatcher.close(),
      ...(journal ? [async () => journal.close()] : []),
      ...(hubspotJournal ? [async () => hubspotJournal.journal.close()] : []),
    ],
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
