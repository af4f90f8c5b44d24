import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { accountParam } from '../../admin/adminLookup';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

const clockSchema = Joi.object({
  advance_seconds: Joi.number()
    .integer()
    .min(1)
    .max(3650 * 86_400)
    .required(),
});

/**
 * `POST /_emulator/accounts/:accountId/clock` `{advance_seconds}`: moves the account's clock
 * forward, like a Stripe test clock. Later objects and events are created "then", and events
 * older than the retention window drop out of /v1/events.
 */
export function postClockRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/clock',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const { advance_seconds: seconds } = validate<{ advance_seconds: number }>(clockSchema, req.body);
        account.clockOffset += seconds;
        res.json({ now: account.now(), offset_seconds: account.clockOffset });
      },
    ],
  };
}
