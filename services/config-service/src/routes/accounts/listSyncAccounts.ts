import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { syncName } from '../../syncs/syncs.schemas';
import { toSyncAccountJson } from './syncAccounts.mapper';
import { identifierParam, syncAccountListSchema } from './syncAccounts.schemas';
import type { AccountRouteDeps } from './routeDeps';

interface Query {
  limit: number;
  starting_after?: string;
}

export function listSyncAccounts(deps: AccountRouteDeps) {
  return defineRoute<{ name: string }, Query>({
    method: 'get',
    path: '/syncs/{name}/accounts',
    summary: "The accounts registered under the sync's source, with their status and loading progress, by identifier",
    tags: ['accounts'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    query: Joi.object<Query>({
      limit: Joi.number().integer().min(1).max(100).default(50),
      starting_after: identifierParam.description('the identifier of the last account of the previous page'),
    }),
    responses: { 200: syncAccountListSchema, 404: { description: 'No sync of that name in this environment' } },
    handler: async ({ params, query }, _req, res) => {
      const page = await deps.accounts.list(callerOf(res), params.name, {
        limit: query.limit,
        ...(query.starting_after === undefined ? {} : { startingAfter: query.starting_after }),
      });
      return { data: page.accounts.map(toSyncAccountJson), has_more: page.hasMore };
    },
  });
}
