import type { RouteDefinition } from '@datasync/http';
import { accountParam } from '../../admin/adminLookup';
import { validate } from '../../http/validate';
import type { EmulatorState } from '../../state/emulatorState';
import { applyEventSettings, eventSettingsSchema, eventSettingsView, type EventSettingsBody } from '../../versions/eventSettings';

/**
 * `POST /_emulator/accounts/:accountId/event_settings` `{api_version?, late_share?, late_delay_ms?}`:
 * the account's default API version (an upgrade: later events are rendered in it, earlier ones
 * keep theirs) and the share of events the events list shows only after a delay.
 */
export function postEventSettingsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/_emulator/accounts/:accountId/event_settings',
    handlers: [
      (req, res) => {
        const account = accountParam(state, req);
        applyEventSettings(account, validate<EventSettingsBody>(eventSettingsSchema, req.body));
        res.json(eventSettingsView(account));
      },
    ],
  };
}
