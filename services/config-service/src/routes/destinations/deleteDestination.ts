import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toDestinationJson } from '../../destinations/destinations.mapper';
import { destinationName, destinationSchema } from '../../destinations/destinations.schemas';
import type { DestinationRouteDeps } from './routeDeps';

export function deleteDestination(deps: DestinationRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'delete',
    path: '/destinations/{name}',
    summary: 'Delete a destination; refused (400 destination_in_use) while a sync writes into it',
    description: 'Only the configuration goes: the tables and rows in the database stay.',
    tags: ['destinations'],
    auth: deps.auth,
    params: Joi.object({ name: destinationName.required() }),
    responses: {
      200: Joi.object({ deleted: Joi.boolean().valid(true).required(), destination: destinationSchema.required() }),
      404: { description: 'No destination of that name in this environment' },
    },
    handler: async ({ params }, _req, res) => ({
      deleted: true,
      destination: toDestinationJson(await deps.destinations.delete(callerOf(res), params.name)),
    }),
  });
}
