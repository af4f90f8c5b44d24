import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceWebhookJson } from '../../sources/sourceWebhooks.mapper';
import { sourceWebhookSchema, webhookSecretInput } from '../../sources/sourceWebhooks.schemas';
import { sourceName } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

interface Body {
  secret: string;
  previous_valid_hours: number;
}

export function putSourceWebhookSecret(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, Body>({
    method: 'put',
    path: '/sources/{name}/webhook_secret',
    summary: "Set or rotate the source's webhook signing secret",
    description:
      'The secret becomes the current one; those set before keep verifying for `previous_valid_hours` (default 24, 0: they stop ' +
      'at once), as Stripe keeps a rolled secret valid. Stored encrypted; no answer ever shows it again.',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    body: webhookSecretInput,
    responses: { 200: sourceWebhookSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params, body }, _req, res) =>
      toSourceWebhookJson(await deps.webhooks.setSecret(callerOf(res), params.name, body.secret, body.previous_valid_hours)),
  });
}
