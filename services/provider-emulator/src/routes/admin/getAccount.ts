import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import { accountView } from '../../admin/accountView';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /_emulator/accounts/:accountId`: keys, counts, connection and clock of an account. */
export function getAccountRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/_emulator/accounts/:accountId',
    handlers: [
      (req, res) => {
        res.json(accountView(accountParam(state, req)));
      },
    ],
  };
}
