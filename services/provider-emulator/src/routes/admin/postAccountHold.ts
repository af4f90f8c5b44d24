import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { accountParam } from '../../admin/adminLookup';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';

const holdSchema = Joi.object({
  held: Joi.boolean().required(),
  after: Joi.number().integer().min(0).max(1_000_000).default(0),
  endpoint: Joi.string()
    .pattern(/^\/v1\//)
    .max(200),
});

/**
 * `POST /_emulator/accounts/:accountId/hold` `{held, after?, endpoint?}`: `true` makes the
 * account's /v1 requests (only those of `endpoint`, as stats name it: `/v1/charges`,
 * `/v1/charges/:id`) wait unanswered from now on, or once `after` more went through (each counted
 * in its stats on arrival); `false` lets every waiting request go on. Answers `{held, waiting, released}`:
 * the requests waiting now, and those this call let go.
 */
export function postAccountHoldRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/hold',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        const { held, after, endpoint } = validate<{ held: boolean; after: number; endpoint?: string }>(holdSchema, req.body);
        let released = 0;
        if (held) account.hold.hold({ after, endpoint: endpoint ?? null });
        else released = account.hold.free();
        res.json({ held: account.hold.held, waiting: account.hold.waiting, released });
      },
    ],
  };
}
