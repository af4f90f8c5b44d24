import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceName, sourceSchema } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

export function deleteSource(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'delete',
    path: '/sources/{name}',
    summary: 'Delete a source; refused (400 source_in_use) while a sync reads from it',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    responses: {
      200: Joi.object({ deleted: Joi.boolean().valid(true).required(), source: sourceSchema.required() }),
      404: { description: 'No source of that name in this environment' },
    },
    handler: async ({ params }, _req, res) => ({
      deleted: true,
      source: toSourceJson(await deps.sources.delete(callerOf(res), params.name)),
    }),
  });
}
