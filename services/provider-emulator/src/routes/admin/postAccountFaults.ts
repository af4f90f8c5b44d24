import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import { faultOverridesOf } from '../../admin/createAccount';
import { faultPatchSchema } from '../../kit/faults/faultSettings';
import { validate } from '../../http/validate';
import type { NewAccountBody } from '../../admin/accountSchema';
import type { EmulatorState } from '../../state/emulatorState';

/**
 * `POST /_emulator/accounts/:accountId/faults` `{rate_limit?, throttle_rate?, error_rate?,
 * reset_rate?, latency_ms?}`: fields given replace the account's overrides; null removes one
 * (the global setting applies again).
 */
export function postAccountFaultsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/faults',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const patch = faultOverridesOf(validate<NewAccountBody>(faultPatchSchema, req.body));
        account.faultOverrides = { ...account.faultOverrides, ...patch };
        res.json({ overrides: account.faultOverrides, effective: account.faults(state.globalFaults) });
      },
    ],
  };
}
