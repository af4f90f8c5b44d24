import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { accountParam } from '../../admin/adminLookup';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

const testClockSchema = Joi.object({ name: Joi.string().min(1).max(300), frozen_time: Joi.number().integer().min(0) });

/**
 * `POST /_emulator/accounts/:accountId/test_clocks` `{name?, frozen_time?}`: a test clock. Attach
 * customers and subscriptions to it by creating them with `test_clock: <its id>`: they are then
 * left out of their lists unless the request names the clock, as at Stripe.
 */
export function postTestClockRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/test_clocks',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const body = validate<{ name?: string; frozen_time?: number }>(testClockSchema, req.body);
        res.status(201).json(account.testClocks.create(account.now(), body.name ?? null, body.frozen_time));
      },
    ],
  };
}
