import type { JsonObject } from '../kit/json';
import type { FaultOverrides, FaultSettings } from '../kit/faults/faultSettings';
import type { ResourceName } from '../generators/resourceNames';
import type { AccountSpec } from '../state/accountFactory';
import type { EmulatorEvent, LateVisibility } from '../state/eventLog';
import type { TestClock } from '../state/testClocks';
import type { WebhookEndpoint } from '../webhooks/webhookEndpoints';

/** What of an account can change after it is created, besides its objects, events and test clocks. */
export interface AccountSettings {
  clockOffset: number;
  faultOverrides: FaultOverrides;
  connectedTo: string | null;
  apiVersion: string;
  lateVisibility: LateVisibility;
}

/**
 * One line of the state journal. Generated objects are never written: an account is rebuilt from
 * its spec (seed, counts, time span), and only what the admin and OAuth APIs changed since is kept,
 * with the webhook endpoints created through /v1/webhook_endpoints.
 */
export type JournalRecord =
  | { type: 'account'; spec: AccountSpec }
  | { type: 'account_settings'; account: string; settings: AccountSettings }
  | { type: 'object'; account: string; resource: ResourceName; index: number; object: JsonObject }
  | { type: 'deleted'; account: string; resource: ResourceName; index: number }
  | { type: 'event'; account: string; event: EmulatorEvent; visibleFrom: number }
  | { type: 'test_clock'; account: string; clock: TestClock }
  | { type: 'emulator'; sequence: number; globalFaults: FaultSettings }
  | { type: 'webhook_endpoint'; endpoint: WebhookEndpoint }
  | { type: 'webhook_endpoint_deleted'; id: string };
