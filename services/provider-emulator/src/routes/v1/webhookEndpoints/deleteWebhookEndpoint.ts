import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../../http/requestContext';
import { stripeErrors } from '../../../http/stripeErrors';
import type { EmulatorState } from '../../../state/emulatorState';

/** `DELETE /v1/webhook_endpoints/:id`: no more deliveries to it (attempts already scheduled still run). */
export function deleteWebhookEndpointRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'delete',
    path: '/v1/webhook_endpoints/:id',
    handlers: [
      (req, res) => {
        const id = String(req.params.id);
        if (!state.webhookEndpoints.delete(requestContext(res).account.id, id)) throw stripeErrors.resourceMissing('webhook_endpoint', id);
        res.json({ id, object: 'webhook_endpoint', deleted: true });
      },
    ],
  };
}
