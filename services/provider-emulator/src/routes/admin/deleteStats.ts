import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import type { EmulatorState } from '../../state/emulatorState';

/** `DELETE /_emulator/accounts/:accountId/stats`: starts counting afresh (a benchmark's warm-up is over). */
export function deleteStatsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'delete',
    path: '/_emulator/accounts/:accountId/stats',
    handlers: [
      (req, res) => {
        const stats = accountParam(state, req).stats;
        stats.reset();
        res.json(stats.toJSON());
      },
    ],
  };
}
