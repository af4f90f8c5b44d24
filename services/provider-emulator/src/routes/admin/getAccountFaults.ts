import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /_emulator/accounts/:accountId/faults`: the account's overrides and what applies. */
export function getAccountFaultsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/_emulator/accounts/:accountId/faults',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        res.json({ overrides: account.faultOverrides, effective: account.faults(state.globalFaults) });
      },
    ],
  };
}
