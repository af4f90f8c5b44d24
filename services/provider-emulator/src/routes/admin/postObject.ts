import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { accountParam, silentParam, storeParam } from '../../admin/adminLookup';
import type { JsonObject } from '../../kit/json';
import { validate } from '../../http/validate';
import { createObject } from '../../objects/objectMutations';
import type { EmulatorState } from '../../state/emulatorState';

/** Any JSON object: its fields are the provider object's, merged over a generated one. */
export const objectPatchSchema = Joi.object().unknown(true);

/** `POST /_emulator/accounts/:accountId/:resource`: creates an object (body: fields to set) and its `.created` event, none with `?silent=true`. */
export function postObjectRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/:resource',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const store = storeParam(account, req);
        res.status(201).json(createObject(account, store, validate<JsonObject>(objectPatchSchema, req.body), { silent: silentParam(req) }));
      },
    ],
  };
}
