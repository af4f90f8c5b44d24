import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceWebhookJson } from '../../sources/sourceWebhooks.mapper';
import { sourceWebhookSchema } from '../../sources/sourceWebhooks.schemas';
import { sourceName } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

export function getSourceWebhook(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'get',
    path: '/sources/{name}/webhook',
    summary: "The source's webhook endpoint: URL, events to enable, signing secrets set (never their values)",
    description: 'What to enter in the provider dashboard so that changes reach the loader within seconds (docs/webhooks.md).',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    responses: { 200: sourceWebhookSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params }, _req, res) => toSourceWebhookJson(await deps.webhooks.get(callerOf(res), params.name)),
  });
}
