import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /_emulator/accounts/:accountId/stats`: requests served, 429s, injected errors and resets. */
export function getStatsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/_emulator/accounts/:accountId/stats',
    handlers: [
      (req, res) => {
        res.json(accountParam(state, req).stats.toJSON());
      },
    ],
  };
}
