import type { RouteDefinition } from '@datasync/http';
import { faultOverridesOf } from '../../admin/createAccount';
import type { NewAccountBody } from '../../admin/accountSchema';
import { faultPatchSchema, noFaults } from '../../kit/faults/faultSettings';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

/** `POST /_emulator/faults`: changes the global faults; null resets a field to "no fault". */
export function postGlobalFaultsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/faults',
    handlers: [
      (req, res) => {
        const patch = faultOverridesOf(validate<NewAccountBody>(faultPatchSchema, req.body));
        const current = state.globalFaults;
        state.globalFaults = {
          rate_limit: patch.rate_limit === undefined ? current.rate_limit : patch.rate_limit,
          throttle_rate: patch.throttle_rate === undefined ? current.throttle_rate : (patch.throttle_rate ?? noFaults.throttle_rate),
          error_rate: patch.error_rate === undefined ? current.error_rate : (patch.error_rate ?? noFaults.error_rate),
          reset_rate: patch.reset_rate === undefined ? current.reset_rate : (patch.reset_rate ?? noFaults.reset_rate),
          latency_ms: patch.latency_ms === undefined ? current.latency_ms : (patch.latency_ms ?? noFaults.latency_ms),
        };
        res.json(state.globalFaults);
      },
    ],
  };
}
