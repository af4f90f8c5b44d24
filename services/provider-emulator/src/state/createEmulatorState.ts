import { STRIPE_API_VERSION, stripeCatalog } from '@datasync/providers';
import type { EmulatorConfig } from '../config';
import { EmulatorState } from './emulatorState';

/** The emulator's state from its configuration: the Stripe catalog, the seed and the default faults. */
export function createEmulatorState(config: Readonly<EmulatorConfig>): EmulatorState {
  return new EmulatorState({
    seed: config.EMULATOR_SEED,
    defaultObjects: config.EMULATOR_DEFAULT_OBJECTS,
    historyDays: config.EMULATOR_HISTORY_DAYS,
    eventRetentionDays: config.EMULATOR_EVENT_RETENTION_DAYS,
    faults: {
      rate_limit: config.EMULATOR_RATE_LIMIT > 0 ? config.EMULATOR_RATE_LIMIT : null,
      throttle_rate: 0,
      error_rate: 0,
      reset_rate: 0,
      latency_ms: config.EMULATOR_LATENCY_MS,
    },
    catalog: stripeCatalog.resources,
    apiVersion: STRIPE_API_VERSION,
  });
}
