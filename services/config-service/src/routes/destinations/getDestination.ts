import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toDestinationJson } from '../../destinations/destinations.mapper';
import { destinationName, destinationSchema } from '../../destinations/destinations.schemas';
import type { DestinationRouteDeps } from './routeDeps';

export function getDestination(deps: DestinationRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'get',
    path: '/destinations/{name}',
    summary: 'One destination',
    tags: ['destinations'],
    auth: deps.auth,
    params: Joi.object({ name: destinationName.required() }),
    responses: { 200: destinationSchema, 404: { description: 'No destination of that name in this environment' } },
    handler: async ({ params }, _req, res) => toDestinationJson(await deps.destinations.get(callerOf(res), params.name)),
  });
}
