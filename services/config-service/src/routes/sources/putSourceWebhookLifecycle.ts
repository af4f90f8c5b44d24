import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceWebhookJson } from '../../sources/sourceWebhooks.mapper';
import { sourceWebhookSchema, webhookLifecycleInput } from '../../sources/sourceWebhooks.schemas';
import { sourceName } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

export function putSourceWebhookLifecycle(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, { connect_lifecycle: boolean }>({
    method: 'put',
    path: '/sources/{name}/webhook_lifecycle',
    summary: "Opt the source in or out of the provider's Connect lifecycle",
    description:
      'With `connect_lifecycle: true`, a verified `account.application.authorized` delivery registers the connected account ' +
      '(loading starts without an API call), `account.application.deauthorized` pauses it (its rows stay) and a later ' +
      '`authorized` resumes it. Off by default: those deliveries are counted and dropped (docs/webhooks.md).',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    body: webhookLifecycleInput,
    responses: { 200: sourceWebhookSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params, body }, _req, res) =>
      toSourceWebhookJson(await deps.webhooks.setLifecycle(callerOf(res), params.name, body.connect_lifecycle)),
  });
}
