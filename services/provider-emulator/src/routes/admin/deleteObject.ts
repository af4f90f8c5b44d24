import type { RouteDefinition } from '@datasync/http';
import { accountParam, silentParam, storeParam } from '../../admin/adminLookup';
import { deleteObject } from '../../objects/objectMutations';
import type { EmulatorState } from '../../state/emulatorState';

/** `DELETE /_emulator/accounts/:accountId/:resource/:objectId`: deletes an object and emits its delete event; `?silent=true` removes any object without one. */
export function deleteObjectRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'delete',
    path: '/_emulator/accounts/:accountId/:resource/:objectId',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        res.json(deleteObject(account, storeParam(account, req), String(req.params.objectId), { silent: silentParam(req) }));
      },
    ],
  };
}
