import { callerOf } from '@datasync/auth';
import type { AccountStatus } from '@datasync/accounts';
import { defineRoute } from '@datasync/openapi';
import { cursorOf, toAccountJson } from '../../accounts/accounts.mapper';
import { CURSOR_PATTERN, accountListSchema, listQuery } from '../../accounts/accounts.schemas';
import type { AccountRouteDeps } from './routeDeps';
import { accountExample } from '../../accounts/accounts.examples';

interface Query {
  limit: number;
  starting_after?: string;
  source_type?: string;
  active?: boolean;
  status?: AccountStatus;
}

function parseCursor(cursor: string | undefined): { sourceType: string; identifier: string } | undefined {
  const match = cursor === undefined ? null : CURSOR_PATTERN.exec(cursor);
  return match ? { sourceType: match[1] as string, identifier: match[2] as string } : undefined;
}

export function listAccounts(deps: AccountRouteDeps) {
  return defineRoute<Record<string, never>, Query>({
    method: 'get',
    path: '/accounts',
    summary: "List the environment's accounts",
    description: 'Ordered by source_type, then identifier. Pass next_cursor as starting_after to read the next page.',
    tags: ['accounts'],
    auth: deps.auth.client,
    query: listQuery,
    responses: { 200: accountListSchema },
    examples: { responses: { 200: { data: [accountExample], has_more: true, next_cursor: 'stripe/acme-eu' } } },
    handler: async ({ query }, _req, res) => {
      const page = await deps.accounts.list(callerOf(res), {
        limit: query.limit,
        startingAfter: parseCursor(query.starting_after),
        sourceType: query.source_type,
        active: query.active,
        status: query.status,
      });
      const last = page.accounts[page.accounts.length - 1];
      return { data: page.accounts.map(toAccountJson), has_more: page.hasMore, next_cursor: page.hasMore && last ? cursorOf(last) : null };
    },
  });
}
