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

/** A check of the account's copy against the provider now, rather than at the next scheduled one. */
export function postAccountVerify(deps: AccountRouteDeps) {
  return defineRoute<Params>({
    method: 'post',
    path: '/accounts/{source_type}/{identifier}/verify',
    summary: 'Verify an account against the provider',
    description:
      'Lists every object of each loaded table of the account from the provider again and compares it with the destination: ' +
      'objects missing there are loaded, changed ones rewritten, and rows of objects the provider no longer lists are marked ' +
      '`_deleted`. Answers 202 at once; each collection of `GET /accounts/{source_type}/{identifier}` then shows `verified_at`, ' +
      '`verified_through`, `drift_found` and `drift_repaired` when its check completes. A check already under way absorbs the ' +
      'request. Tables still loading are skipped (their load reads everything). Costs about one provider request per 100 ' +
      'objects, spent from the account’s rate budget after incremental sync.',
    tags: ['accounts'],
    auth: deps.auth.client,
    params: accountPathParams,
    responses: {
      202: Joi.object({ verify_requested: Joi.boolean().valid(true).required(), account: accountStateSchema.required() }),
      404: errorResponse('No such account in this environment'),
      503: errorResponse('The control-plane database is unavailable; retry shortly'),
    },
    examples: { responses: { 202: { verify_requested: true, account: accountStateExample } } },
    handler: async ({ params }, _req, res) => {
      const account = await deps.accounts.verify(callerOf(res), { sourceType: params.source_type, identifier: params.identifier });
      res.status(202).json({ verify_requested: true, account: toAccountStateJson(account) });
      return undefined;
    },
  });
}
