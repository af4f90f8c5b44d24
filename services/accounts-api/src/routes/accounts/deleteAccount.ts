import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toAccountStateJson } from '../../accounts/accounts.mapper';
import { accountPathParams, accountStateSchema, errorResponse } from '../../accounts/accounts.schemas';
import type { AccountRouteDeps } from './routeDeps';
import { accountStateExample } from '../../accounts/accounts.examples';

interface Params {
  source_type: string;
  identifier: string;
}

/** Spec §4.4 (beta). */
export function deleteAccount(deps: AccountRouteDeps) {
  return defineRoute<Params>({
    method: 'delete',
    path: '/accounts/{source_type}/{identifier}',
    summary: 'Delete an account (beta)',
    description:
      "Stops loading, removes the account's rows from its destinations, then the account. Waits for that up to a bound " +
      '(30 s by default): 200 when done, else 202 `status: deleting` while it goes on. Afterwards the account is a 404. ' +
      'Needs early access for the environment (403 `feature_not_enabled` otherwise).',
    tags: ['accounts'],
    auth: deps.auth.beta,
    params: accountPathParams,
    responses: {
      200: Joi.object({ deleted: Joi.boolean().valid(true).required(), account: accountStateSchema.required() }),
      202: Joi.object({ deleted: Joi.boolean().valid(false).required(), status: Joi.string().valid('deleting').required() }),
      404: errorResponse('No such account in this environment'),
    },
    examples: {
      responses: {
        200: { deleted: true, account: { ...accountStateExample, active: false } },
        202: { deleted: false, status: 'deleting' },
      },
    },
    handler: async ({ params }, _req, res) => {
      const result = await deps.accounts.delete(callerOf(res), { sourceType: params.source_type, identifier: params.identifier });
      if (result.deleted) return { deleted: true, account: toAccountStateJson(result.account) };
      res.status(202).json({ deleted: false, status: 'deleting' });
      return undefined;
    },
  });
}
