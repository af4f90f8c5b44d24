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

/** A full resync of the account, for when its data is suspected to have drifted (docs/incremental-sync.md, Resync). */
export function postAccountResync(deps: AccountRouteDeps) {
  return defineRoute<Params>({
    method: 'post',
    path: '/accounts/{source_type}/{identifier}/resync',
    summary: 'Resync an account',
    description:
      'Reads every table of the account again from the provider. The rows already loaded stay readable meanwhile; when the ' +
      'read is complete, objects the provider no longer has are marked `_deleted`. Answers 202 at once: the account shows ' +
      '`loading` while the resync runs, then `live`. A table whose first load is still running is left to it. The request is ' +
      'recorded with the account, so it is carried out even when the job queue is briefly unavailable.',
    tags: ['accounts'],
    auth: deps.auth.client,
    params: accountPathParams,
    responses: {
      202: Joi.object({ resync_requested: Joi.boolean().valid(true).required(), account: accountStateSchema.required() }),
      404: errorResponse('No such account in this environment'),
      503: errorResponse('The control-plane database is unavailable; retry shortly'),
    },
    examples: { responses: { 202: { resync_requested: true, account: accountStateExample } } },
    handler: async ({ params }, _req, res) => {
      const account = await deps.accounts.resync(callerOf(res), { sourceType: params.source_type, identifier: params.identifier });
      res.status(202).json({ resync_requested: true, account: toAccountStateJson(account) });
      return undefined;
    },
  });
}
