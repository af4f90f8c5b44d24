import { OBJECT_TYPES, type ObjectType } from '../crm/objectTypes';
import type { CrmRecord } from '../crm/crmRecord';
import { primaryType, unlabeledType, type AssociationType } from '../crm/associationTypes';
import { fillPortal } from '../generator/fillPortal';
import type { RaisedEvent, RaisedBatch } from '../webhooks/webhookEvent';
import type { HubspotCommand } from './commands';
import type { HubspotStateMaps } from './stateMaps';
import { Portal } from './portal';

export class UnknownPortalError extends Error {}

export interface Applied {
  events: RaisedBatch[];
  record?: CrmRecord;
  portal?: Portal;
}

const topic = (type: ObjectType, action: string) => `${OBJECT_TYPES[type].singular}.${action}`;

/** The effect of one command on the state, and the webhook events it raises. */
export function applyCommand(state: HubspotStateMaps, command: HubspotCommand): Applied {
  switch (command.op) {
    case 'create_portal': {
      const portal = new Portal(command.spec, state.settings.searchLagMs);
      fillPortal(portal);
      state.portals.set(portal.id, portal);
      state.serviceKeys.set(command.spec.serviceKey, portal);
      return { events: [], portal };
    }
    case 'create_app':
      state.apps.set(command.app.clientId, command.app);
      return { events: [] };
    case 'app_webhooks':
      state.webhooks.set(command.clientId, command.webhooks);
      return { events: [] };
    case 'issue_tokens': {
      state.accessTokens.set(command.access.token, command.access);
      if (command.refresh) state.refreshTokens.set(command.refresh.token, command.refresh);
      let installed = state.installs.get(command.access.portalId);
      if (!installed) state.installs.set(command.access.portalId, (installed = new Set()));
      installed.add(command.access.clientId);
      return { events: [] };
    }
    case 'uninstall':
      for (const token of [...state.accessTokens.values(), ...state.refreshTokens.values()]) {
        if (token.portalId === command.portalId && token.clientId === command.clientId) token.revoked = true;
      }
      state.installs.get(command.portalId)?.delete(command.clientId);
      return { events: [] };
    case 'delete_refresh_token': {
      const token = state.refreshTokens.get(command.token);
      if (token) token.revoked = true;
      return { events: [] };
    }
    default:
      return applyPortalCommand(portalOf(state, command.portalId), command);
  }
}

type PortalCommand = Exclude<Extract<HubspotCommand, { portalId: number }>, { op: 'uninstall' }>;

function applyPortalCommand(portal: Portal, command: PortalCommand): Applied {
  const lag = portal.limits.searchLagMs;
  const raised = (events: RaisedEvent[], record?: CrmRecord): Applied => ({ events: [{ portalId: portal.id, events }], record });
  switch (command.op) {
    case 'create_object': {
      const record = portal.store(command.type).create(command.properties, command.at, lag);
      return raised([{ subscriptionType: topic(command.type, 'creation'), objectId: record.id, occurredAt: command.at }], record);
    }
    case 'update_object': {
      const record = portal.store(command.type).update(command.id, command.properties, command.at, lag);
      return raised(propertyChanges(command.type, record.id, command.properties, command.at), record);
    }
    case 'touch_objects': {
      const modified = portal.store(command.type).modifiedProperty;
      const events: RaisedEvent[] = [];
      for (const id of command.ids) {
        const record = portal.store(command.type).update(id, {}, command.at, lag);
        events.push(...propertyChanges(command.type, id, { [modified]: record.properties[modified] ?? null }, command.at));
      }
      return raised(events);
    }
    case 'archive_object': {
      const record = portal.store(command.type).archive(command.id, command.at, lag);
      return raised([{ subscriptionType: topic(command.type, 'deletion'), objectId: record.id, occurredAt: command.at }], record);
    }
    case 'restore_object': {
      const record = portal.store(command.type).restore(command.id, command.at, lag);
      return raised([{ subscriptionType: topic(command.type, 'restore'), objectId: record.id, occurredAt: command.at }], record);
    }
    case 'merge_objects': {
      const record = portal.store(command.type).merge(command.primaryId, command.mergedId, command.at, lag);
      moveAssociations(portal, command.type, command.mergedId, command.primaryId);
      const event: RaisedEvent = {
        subscriptionType: topic(command.type, 'merge'),
        objectId: record.id,
        occurredAt: command.at,
        primaryObjectId: command.primaryId,
        mergedObjectIds: [command.mergedId],
        newObjectId: record.id,
      };
      return raised([event], record);
    }
    case 'purge_object': {
      const record = portal.store(command.type).purge(command.id);
      portal.associations.removeAll(command.type, command.id);
      const action = command.type === 'contacts' ? 'privacyDeletion' : 'deletion';
      return raised([{ subscriptionType: topic(command.type, action), objectId: record.id, occurredAt: command.at }], record);
    }
    case 'associate': {
      // A labeled association also carries the unlabeled type, as HubSpot's do.
      for (const label of command.label === null ? [null] : [null, command.label]) {
        const { forward, backward } = associationTypesFor(portal, command.from, command.to, label);
        portal.associations.add(command.from, command.fromId, command.to, command.toId, forward, backward);
      }
      return raised([{ subscriptionType: topic(command.from, 'associationChange'), objectId: command.fromId, occurredAt: command.at }]);
    }
    case 'define_property':
      portal.propertiesOf(command.type).set(command.property.name, command.property);
      return { events: [] };
    case 'portal_settings':
      portal.limits = { ...portal.limits, ...command.limits };
      portal.faultOverrides = { ...portal.faultOverrides, ...command.faults };
      return { events: [] };
    case 'advance_clock':
      portal.clockOffsetMs += command.ms;
      if (portal.frozenAt !== null) portal.frozenAt += command.ms;
      return { events: [] };
    case 'freeze_clock':
      // Unfreezing resumes from the frozen instant: the offset absorbs the time spent frozen.
      if (command.at === null && portal.frozenAt !== null) portal.clockOffsetMs = portal.frozenAt - Date.now();
      portal.frozenAt = command.at;
      return { events: [] };
  }
}

function propertyChanges(type: ObjectType, id: number, properties: Record<string, string | null>, at: number): RaisedEvent[] {
  return Object.entries(properties).map(([propertyName, value]) => ({
    subscriptionType: topic(type, 'propertyChange'),
    objectId: id,
    occurredAt: at,
    propertyName,
    propertyValue: value ?? '',
  }));
}

/** A merged-away record's associations now belong to the record it merged into. */
function moveAssociations(portal: Portal, type: ObjectType, fromId: number, toId: number): void {
  for (const { to, toId: target, types } of portal.associations.removeAll(type, fromId)) {
    for (const forward of types) {
      const backward = unlabeledType(to, type);
      if (backward) portal.associations.add(type, toId, to, target, forward, backward);
    }
  }
}

/** Unlabeled (plus Primary for "Primary"), or a custom label: USER_DEFINED, one type id per direction. */
export function associationTypesFor(
  portal: Portal,
  from: ObjectType,
  to: ObjectType,
  label: string | null,
): { forward: AssociationType; backward: AssociationType } {
  const forward = unlabeledType(from, to);
  const backward = unlabeledType(to, from);
  if (!forward || !backward) throw new Error(`${from} and ${to} cannot be associated`);
  if (label === null) return { forward, backward };
  if (label === 'Primary') {
    const primary = primaryType(from, to);
    if (primary) return { forward: primary, backward };
  }
  const key = `${from}:${to}:${label}`;
  let custom = portal.labels.get(key);
  if (!custom) {
    const typeId = 1000 + portal.labels.size * 2;
    custom = {
      forward: { category: 'USER_DEFINED', typeId, label },
      backward: { category: 'USER_DEFINED', typeId: typeId + 1, label },
    };
    portal.labels.set(key, custom);
    portal.labels.set(`${to}:${from}:${label}`, { forward: custom.backward, backward: custom.forward });
  }
  return custom;
}

function portalOf(state: HubspotStateMaps, id: number): Portal {
  const portal = state.portal(id);
  if (!portal) throw new UnknownPortalError(`no portal ${id}`);
  return portal;
}
