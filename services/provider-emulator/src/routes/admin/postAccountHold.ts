import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { accountParam } from '../../admin/adminLookup';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

const holdSchema = Joi.object({ held: Joi.boolean().required() });

/**
 * `POST /_emulator/accounts/:accountId/hold` `{held}`: `true` makes the account's /v1 requests
 * wait unanswered from now on (each counted in its stats on arrival); `false` lets every waiting
 * request go on. Answers `{held, waiting}`: the requests waiting now.
 */
export function postAccountHoldRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/hold',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const { held } = validate<{ held: boolean }>(holdSchema, req.body);
        account.hold.set(held);
        res.json({ held: account.hold.held, waiting: account.hold.waitingCount });
      },
    ],
  };
}
