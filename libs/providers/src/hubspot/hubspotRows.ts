import type { CrmObjectResource, CrmObjectType } from './hubspotCatalog';
import { coerceValue, toTimestamp, type TypedValue } from './hubspotValues';

/**
 * One row for the engine: the object's JSON text (stored in `data`, parsed once on the hot path)
 * and its typed column values. `deleted` rows are archived, merged away or GDPR-deleted records.
 */
export interface HubspotRow {
  table: string;
  id: string;
  json: string;
  values: Record<string, TypedValue>;
  deleted: boolean;
}

/** A CRM record as v3 answers it (`SimplePublicObject`). */
export interface CrmRecordJson {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived?: boolean;
  archivedAt?: string;
}

const time = (value: unknown): string | null => (typeof value === 'string' ? toTimestamp(value) : null);

export function crmObjectRow(resource: CrmObjectResource, record: CrmRecordJson): HubspotRow {
  const archived = record.archived === true;
  const values: Record<string, TypedValue> = {
    id: record.id,
    created_at: time(record.createdAt),
    updated_at: time(record.updatedAt),
    archived,
    archived_at: time(record.archivedAt),
    properties: record.properties,
    _source_ts: time(record.updatedAt),
    _deleted: archived,
  };
  for (const [name, type] of Object.entries(resource.standardProperties)) {
    values[name] = coerceValue(record.properties[name], type);
  }
  return { table: resource.table, id: record.id, json: JSON.stringify(record), values, deleted: archived };
}

/**
 * An archived record seen in the archived list, which is read with few properties: the row says
 * only what changed (archived, when), so writing it never blanks the columns it does not carry.
 */
export function archivedRow(resource: CrmObjectResource, record: CrmRecordJson): HubspotRow {
  const values = {
    id: record.id,
    archived: true,
    archived_at: time(record.archivedAt),
    _source_ts: time(record.updatedAt),
    _deleted: true,
  };
  return { table: resource.table, id: record.id, json: JSON.stringify({ ...record, archived: true }), values, deleted: true };
}

/** A deleted stub for an id the provider no longer answers (merged away, GDPR-deleted). */
export function deletedRow(table: string, id: string): HubspotRow {
  return { table, id, json: JSON.stringify({ id, deleted: true }), values: { id, _deleted: true }, deleted: true };
}

export interface OwnerJson {
  id: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  userId?: number | null;
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

export function ownerRow(owner: OwnerJson): HubspotRow {
  const archived = owner.archived === true;
  return {
    table: 'hubspot_owners',
    id: owner.id,
    json: JSON.stringify(owner),
    values: {
      id: owner.id,
      email: owner.email ?? null,
      first_name: owner.firstName ?? null,
      last_name: owner.lastName ?? null,
      user_id: owner.userId ?? null,
      created_at: time(owner.createdAt),
      updated_at: time(owner.updatedAt),
      archived,
      _source_ts: time(owner.updatedAt),
      _deleted: archived,
    },
    deleted: archived,
  };
}

export interface PropertyDefinitionJson {
  name: string;
  label?: string;
  type: string;
  fieldType?: string;
  groupName?: string;
  hubspotDefined?: boolean;
  calculated?: boolean;
  options?: unknown[];
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

/** A property definition: one row per (object type, name), so custom properties of every object share a table. */
export function propertyRow(objectType: CrmObjectType, property: PropertyDefinitionJson): HubspotRow {
  const id = `${objectType}:${property.name}`;
  return {
    table: 'hubspot_properties',
    id,
    json: JSON.stringify(property),
    values: {
      id,
      object_type: objectType,
      name: property.name,
      label: property.label ?? null,
      type: property.type,
      field_type: property.fieldType ?? null,
      group_name: property.groupName ?? null,
      hubspot_defined: property.hubspotDefined === true,
      calculated: property.calculated === true,
      options: property.options ?? [],
      created_at: time(property.createdAt),
      updated_at: time(property.updatedAt),
      archived: property.archived === true,
      _source_ts: time(property.updatedAt),
      _deleted: false,
    },
    deleted: false,
  };
}

/** One associated record as associations v4 answers it, with every type of the association. */
export interface AssociationJson {
  toObjectId: number | string;
  associationTypes: { category: string; typeId: number; label: string | null }[];
}

/** One association (from → to) with its type ids and labels; its id names both ends. */
export function associationRow(from: CrmObjectType, fromId: string, to: CrmObjectType, association: AssociationJson): HubspotRow {
  const toId = String(association.toObjectId);
  const id = `${from}:${fromId}:${to}:${toId}`;
  const types = [...association.associationTypes].sort((a, b) => a.typeId - b.typeId);
  return {
    table: 'hubspot_associations',
    id,
    json: JSON.stringify({ from: { type: from, id: fromId }, to: { type: to, id: toId }, associationTypes: types }),
    values: {
      id,
      from_type: from,
      from_id: fromId,
      to_type: to,
      to_id: toId,
      type_ids: types.map((t) => t.typeId),
      labels: types.map((t) => t.label).filter((label): label is string => label !== null),
      _source_ts: null,
      _deleted: false,
    },
    deleted: false,
  };
}
