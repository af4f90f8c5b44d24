import type { RouteDefinition } from '@datasync/http';
import { accountParam, silentParam, storeParam } from '../../admin/adminLookup';
import type { JsonObject } from '../../kit/json';
import { validate } from '../../http/validate';
import { updateObject } from '../../objects/objectMutations';
import type { EmulatorState } from '../../state/emulatorState';
import { objectPatchSchema } from './postObject';

/** `POST /_emulator/accounts/:accountId/:resource/:objectId`: updates an object and emits its update event (none with `?silent=true`). */
export function postObjectUpdateRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/:resource/:objectId',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const store = storeParam(account, req);
        res.json(
          updateObject(account, store, String(req.params.objectId), validate<JsonObject>(objectPatchSchema, req.body), {
            silent: silentParam(req),
          }),
        );
      },
    ],
  };
}
