import type { RouteDefinition } from '@datasync/http';
import { accountView } from '../../admin/accountView';
import { newAccountSchema, type NewAccountBody } from '../../admin/accountSchema';
import { createAccount } from '../../admin/createAccount';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

/**
 * `POST /_emulator/accounts` `{objects?, seed?, country?, business_name?, end?, history_days?,
 * connected_to?, rate_limit?, latency_ms?, throttle_rate?, error_rate?, reset_rate?}`.
 */
export function postAccountRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts',
    handlers: [
      (req, res) => {
        const account = createAccount(state, validate<NewAccountBody>(newAccountSchema, req.body));
        res.status(201).json(accountView(account));
      },
    ],
  };
}
