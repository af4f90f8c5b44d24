import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { syncName } from '../../syncs/syncs.schemas';
import { toSyncAccountJson } from './syncAccounts.mapper';
import { identifierParam, syncAccountSchema } from './syncAccounts.schemas';
import type { AccountRouteDeps } from './routeDeps';

export function putSyncAccount(deps: AccountRouteDeps) {
  return defineRoute<{ name: string; identifier: string }, Record<string, never>, { active: boolean }>({
    method: 'put',
    path: '/syncs/{name}/accounts/{identifier}',
    summary: 'Pause (`active: false`) or resume (`active: true`) an account (beta: needs early access)',
    tags: ['accounts'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required(), identifier: identifierParam.required() }),
    body: Joi.object({ active: Joi.boolean().required() }),
    responses: {
      200: Joi.object({ account: syncAccountSchema.required() }),
      403: { description: 'Early access is off for this environment (`feature_not_enabled`)' },
      404: { description: "No such sync, or no such account under the sync's source" },
      503: {
        description: 'Paused, but a write begun before is still being committed (`writes_in_flight`); repeat the call to wait for it',
      },
    },
    handler: async ({ params, body }, _req, res) => ({
      account: toSyncAccountJson(await deps.accounts.setActive(callerOf(res), params.name, params.identifier, body.active)),
    }),
  });
}
