import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toLinkSessionJson } from '../../link/linkSessions.mapper';
import { linkSessionListQuery, linkSessionListSchema } from '../../link/linkSessions.schemas';
import type { LinkSessionRouteDeps } from './routeDeps';
import { completedLinkSessionExample, linkSessionExample } from '../../link/linkSessions.examples';

interface Query {
  limit: number;
  starting_after?: string;
}

export function listLinkSessions(deps: LinkSessionRouteDeps) {
  return defineRoute<Record<string, never>, Query>({
    method: 'get',
    path: '/link_sessions',
    summary: "List the environment's link sessions",
    description: 'Newest first. Pass next_cursor as starting_after to read the next page. URLs are not listed: only POST shows one.',
    tags: ['link_sessions'],
    auth: deps.auth.client,
    query: linkSessionListQuery,
    responses: { 200: linkSessionListSchema },
    examples: { responses: { 200: { data: [linkSessionExample, completedLinkSessionExample], has_more: false, next_cursor: null } } },
    handler: async ({ query }, _req, res) => {
      const page = await deps.linkSessions.list(callerOf(res), { limit: query.limit, startingAfter: query.starting_after });
      const last = page.sessions[page.sessions.length - 1];
      return { data: page.sessions.map(toLinkSessionJson), has_more: page.hasMore, next_cursor: page.hasMore && last ? last.id : null };
    },
  });
}
