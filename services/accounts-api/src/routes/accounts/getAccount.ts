import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toAccountJson } from '../../accounts/accounts.mapper';
import { accountDetailSchema, accountPathParams, errorResponse } from '../../accounts/accounts.schemas';
import type { AccountRouteDeps } from './routeDeps';
import { accountExample } from '../../accounts/accounts.examples';

interface Params {
  source_type: string;
  identifier: string;
}

export function getAccount(deps: AccountRouteDeps) {
  return defineRoute<Params>({
    method: 'get',
    path: '/accounts/{source_type}/{identifier}',
    summary: 'Read an account: status, per-collection progress, last sync time',
    tags: ['accounts'],
    auth: deps.auth.client,
    params: accountPathParams,
    responses: {
      200: Joi.object({ account: accountDetailSchema.required() }),
      404: errorResponse('No such account in this environment'),
    },
    examples: { responses: { 200: { account: accountExample } } },
    handler: async ({ params }, _req, res) => ({
      account: toAccountJson(await deps.accounts.get(callerOf(res), { sourceType: params.source_type, identifier: params.identifier })),
    }),
  });
}
