import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toDestinationJson } from '../../destinations/destinations.mapper';
import { destinationListSchema } from '../../destinations/destinations.schemas';
import type { DestinationRouteDeps } from './routeDeps';

export function listDestinations(deps: DestinationRouteDeps) {
  return defineRoute({
    method: 'get',
    path: '/destinations',
    summary: "The environment's destinations, oldest first",
    tags: ['destinations'],
    auth: deps.auth,
    responses: { 200: destinationListSchema },
    handler: async (_input, _req, res) => ({ data: (await deps.destinations.list(callerOf(res))).map(toDestinationJson) }),
  });
}
