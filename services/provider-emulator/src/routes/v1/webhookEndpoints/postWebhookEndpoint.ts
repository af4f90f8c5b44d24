import type { RouteDefinition } from '@datasync/http';
import { Joi } from '@datasync/config';
import { requestContext } from '../../../http/requestContext';
import { validate } from '../../../http/validate';
import type { EmulatorState } from '../../../state/emulatorState';
import { webhookEndpointJson } from '../../../webhooks/webhookEndpointJson';

interface Body {
  url: string;
  enabled_events: string[];
  connect?: boolean;
  description?: string;
  api_version?: string;
}

// Stripe refuses a URL that is not http(s); it also refuses plain http in live mode, which the
// emulator (test mode only) does not model.
const schema = Joi.object<Body, true>({
  url: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(5_000)
    .required(),
  enabled_events: Joi.array().items(Joi.string().min(1).max(200)).min(1).required(),
  connect: Joi.boolean(),
  description: Joi.string().max(5_000),
  api_version: Joi.string().max(50),
});

/**
 * `POST /v1/webhook_endpoints` (form body, like Stripe's): the answer holds the signing `secret`,
 * the only time it is shown. `connect=true` on a platform: the endpoint gets its connected
 * accounts' events, each with `account` set.
 */
export function postWebhookEndpointRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/v1/webhook_endpoints',
    handlers: [
      (req, res) => {
        const { account } = requestContext(res);
        const body = validate<Body>(schema, req.body);
        const endpoint = state.webhookEndpoints.create({
          owner: account.id,
          url: body.url,
          enabledEvents: body.enabled_events,
          connect: body.connect ?? false,
          description: body.description ?? null,
          created: account.now(),
        });
        res.json(webhookEndpointJson(endpoint, body.api_version ?? null, true));
      },
    ],
  };
}
