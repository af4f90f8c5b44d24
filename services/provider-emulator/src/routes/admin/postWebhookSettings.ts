import type { RouteDefinition } from '@datasync/http';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';
import {
  applyDeliverySettings,
  deliverySettingsSchema,
  deliverySettingsView,
  type DeliverySettingsBody,
} from '../../kit/webhooks/deliverySettings';

/**
 * `POST /_emulator/webhook_settings` `{max_attempts?, retry_base_ms?, duplicate_share?,
 * reorder_share?, reorder_delay_ms?, timeout_ms?}`: how webhooks are delivered from now on.
 */
export function postWebhookSettingsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/webhook_settings',
    handlers: [
      (req, res) => {
        applyDeliverySettings(state.webhookDelivery.settings, validate<DeliverySettingsBody>(deliverySettingsSchema, req.body));
        res.json(deliverySettingsView(state.webhookDelivery.settings));
      },
    ],
  };
}
