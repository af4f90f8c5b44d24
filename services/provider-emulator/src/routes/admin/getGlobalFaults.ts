import type { RouteDefinition } from '@datasync/http';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /_emulator/faults`: the faults every account gets unless it overrides them. */
export function getGlobalFaultsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/_emulator/faults',
    handlers: [
      (_req, res) => {
        res.json(state.globalFaults);
      },
    ],
  };
}
