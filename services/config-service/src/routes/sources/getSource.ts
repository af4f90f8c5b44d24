import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceName, sourceSchema } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

export function getSource(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'get',
    path: '/sources/{name}',
    summary: 'One source (never its key)',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    responses: { 200: sourceSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params }, _req, res) => toSourceJson(await deps.sources.get(callerOf(res), params.name)),
  });
}
