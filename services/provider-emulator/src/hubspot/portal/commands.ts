import type { AccessToken, OAuthApp, RefreshToken } from '../auth/oauthModel';
import type { PropertyValues } from '../crm/crmRecord';
import type { ObjectType } from '../crm/objectTypes';
import type { PropertyDefinition } from '../crm/propertyDefinitions';
import type { FaultOverrides } from '../../kit';
import type { PortalLimits, PortalSpec } from './portalSpec';

/** Webhook settings of an app: where HubSpot posts and which events (`contact.creation`, …). */
export interface AppWebhooks {
  targetUrl: string;
  subscriptions: string[];
}

/**
 * Every change to the HubSpot emulator's state. Changes go through `HubspotState.apply`, which
 * journals them (when the state is kept on disk) and raises the webhooks they cause; a restart
 * replays the journal through the same function. Each carries its own time and any random token,
 * so a replay rebuilds exactly what was there.
 */
export type HubspotCommand =
  | { op: 'create_portal'; spec: PortalSpec }
  | { op: 'create_app'; app: OAuthApp }
  | { op: 'app_webhooks'; clientId: string; webhooks: AppWebhooks }
  | { op: 'create_object'; portalId: number; type: ObjectType; properties: PropertyValues; at: number }
  | { op: 'update_object'; portalId: number; type: ObjectType; id: number; properties: PropertyValues; at: number }
  | { op: 'touch_objects'; portalId: number; type: ObjectType; ids: number[]; at: number }
  | { op: 'archive_object'; portalId: number; type: ObjectType; id: number; at: number }
  | { op: 'restore_object'; portalId: number; type: ObjectType; id: number; at: number }
  | { op: 'merge_objects'; portalId: number; type: ObjectType; primaryId: number; mergedId: number; at: number }
  | { op: 'purge_object'; portalId: number; type: ObjectType; id: number; at: number }
  | { op: 'associate'; portalId: number; from: ObjectType; fromId: number; to: ObjectType; toId: number; label: string | null; at: number }
  | { op: 'define_property'; portalId: number; type: ObjectType; property: PropertyDefinition }
  | { op: 'portal_settings'; portalId: number; limits: Partial<PortalLimits>; faults: FaultOverrides }
  | { op: 'advance_clock'; portalId: number; ms: number }
  | { op: 'freeze_clock'; portalId: number; at: number | null }
  | { op: 'issue_tokens'; access: AccessToken; refresh: RefreshToken | null }
  | { op: 'uninstall'; portalId: number; clientId: string }
  | { op: 'delete_refresh_token'; token: string };
