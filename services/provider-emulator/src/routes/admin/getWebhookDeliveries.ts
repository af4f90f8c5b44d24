import type { RouteDefinition } from '@datasync/http';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /_emulator/webhook_deliveries[?endpoint=we_…]`: every delivery attempt kept, oldest first (tests wait on these). */
export function getWebhookDeliveriesRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/_emulator/webhook_deliveries',
    handlers: [
      (req, res) => {
        const endpoint = typeof req.query.endpoint === 'string' ? req.query.endpoint : undefined;
        res.json({ data: state.webhookDelivery.log(endpoint) });
      },
    ],
  };
}
