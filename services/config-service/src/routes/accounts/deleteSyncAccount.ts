import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { syncName } from '../../syncs/syncs.schemas';
import { identifierParam } from './syncAccounts.schemas';
import type { AccountRouteDeps } from './routeDeps';

const deletedAccount = Joi.object({ external_id: Joi.string().required(), identifier: Joi.string().required() });

export function deleteSyncAccount(deps: AccountRouteDeps) {
  return defineRoute<{ name: string; identifier: string }>({
    method: 'delete',
    path: '/syncs/{name}/accounts/{identifier}',
    summary: 'Delete an account and purge its rows from the destinations (beta: needs early access)',
    description:
      'Waits for the purge up to ACCOUNT_DELETE_WAIT_MS: 200 once the account is gone, else 202 while the purge goes on ' +
      '(the account then lists as `deleting` until it is gone).',
    tags: ['accounts'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required(), identifier: identifierParam.required() }),
    responses: {
      200: Joi.object({ deleted: Joi.boolean().valid(true).required(), account: deletedAccount.required() }),
      202: Joi.object({
        deleted: Joi.boolean().valid(false).required(),
        status: Joi.string().valid('deleting').required(),
        account: deletedAccount.required(),
      }),
      403: { description: 'Early access is off for this environment (`feature_not_enabled`)' },
      404: { description: "No such sync, or no such account under the sync's source" },
    },
    handler: async ({ params }, _req, res) => {
      const result = await deps.accounts.delete(callerOf(res), params.name, params.identifier);
      const account = { external_id: result.account.externalId, identifier: result.account.identifier };
      if (result.deleted) return { deleted: true, account };
      // Answered here: the route's success status is the 200 of a finished delete.
      res.status(202).json({ deleted: false, status: 'deleting', account });
      return undefined;
    },
  });
}
