import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { syncName } from '../../syncs/syncs.schemas';
import { toSyncAccountJson } from './syncAccounts.mapper';
import { identifierParam, syncAccountSchema } from './syncAccounts.schemas';
import type { AccountRouteDeps } from './routeDeps';

/** The Accounts tab's Verify button: the public API's POST /accounts/{type}/{id}/verify for this sync's account. */
export function postSyncAccountVerify(deps: AccountRouteDeps) {
  return defineRoute<{ name: string; identifier: string }>({
    method: 'post',
    path: '/syncs/{name}/accounts/{identifier}/verify',
    summary: "Verify an account's tables against the provider now",
    description:
      'Answers 202 at once; the loader lists every object again, repairs what differs, and each collection then shows ' +
      '`verified_at`, `verified_through`, `drift_found` and `drift_repaired`.',
    tags: ['accounts'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required(), identifier: identifierParam.required() }),
    responses: {
      202: Joi.object({ account: syncAccountSchema.required() }),
      404: { description: "No such sync, or no such account under the sync's source" },
    },
    handler: async ({ params }, _req, res) => {
      const account = await deps.accounts.verify(callerOf(res), params.name, params.identifier);
      res.status(202).json({ account: toSyncAccountJson(account) });
      return undefined;
    },
  });
}
