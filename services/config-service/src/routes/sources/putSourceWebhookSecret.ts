import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { ValidationError } from '@datasync/errors';
import { defineRoute } from '@datasync/openapi';
import { toSourceWebhookJson } from '../../sources/sourceWebhooks.mapper';
import { sourceWebhookSchema, webhookSecretInput } from '../../sources/sourceWebhooks.schemas';
import { DEFAULT_PREVIOUS_SECRET_HOURS } from '../../sources/sourceWebhooks.service';
import { sourceName } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

interface Body {
  secret: string;
  previous_valid_hours?: number;
  keep_previous?: boolean;
}

export function putSourceWebhookSecret(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, Body>({
    method: 'put',
    path: '/sources/{name}/webhook_secret',
    summary: "Set or rotate the source's webhook signing secret",
    description:
      'The secret becomes the current one; those set before keep verifying for `previous_valid_hours` (default 24, 0: they stop ' +
      'at once), as Stripe keeps a rolled secret valid. With `keep_previous: true` they stay as they are: the secret of a second ' +
      "endpoint (Connect events and the account's own events come from two Stripe endpoints, each with its secret). Stored " +
      'encrypted; no answer ever shows it again.',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    body: webhookSecretInput,
    responses: { 200: sourceWebhookSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params, body }, _req, res) => {
      if (body.keep_previous === true && body.previous_valid_hours !== undefined) {
        throw new ValidationError([{ param: 'keep_previous', message: 'Send keep_previous or previous_valid_hours, not both.' }]);
      }
      return toSourceWebhookJson(
        await deps.webhooks.setSecret(
          callerOf(res),
          params.name,
          body.secret,
          body.keep_previous === true ? null : (body.previous_valid_hours ?? DEFAULT_PREVIOUS_SECRET_HOURS),
        ),
      );
    },
  });
}
