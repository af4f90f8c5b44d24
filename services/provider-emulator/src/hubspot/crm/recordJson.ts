import { isoTime, type CrmRecord, type PropertyValues } from './crmRecord';
import { DEFAULT_PROPERTIES, OBJECT_TYPES, type ObjectType } from './objectTypes';

export interface RecordShape {
  /** Properties asked for; undefined: the type's defaults. */
  properties: readonly string[] | undefined;
  propertiesWithHistory?: readonly string[];
}

/**
 * The properties a record answers with: those asked for that the record's type has (unknown
 * names are left out, not refused), always with `hs_object_id`, `createdate` and the modification
 * date; or the type's default set when none are asked for.
 */
export function selectProperties(type: ObjectType, values: PropertyValues, known: ReadonlySet<string>, shape: RecordShape): PropertyValues {
  const names = shape.properties ?? DEFAULT_PROPERTIES[type];
  const always = ['hs_object_id', 'createdate', OBJECT_TYPES[type].modifiedProperty];
  const selected: PropertyValues = {};
  for (const name of [...names, ...always]) {
    if (!known.has(name) && !(name in values)) continue;
    selected[name] = values[name] ?? null;
  }
  return selected;
}

/** A record in the v3 shape (`SimplePublicObject`): ids and values are strings, times ISO-8601. */
export function recordJson(
  type: ObjectType,
  record: Pick<CrmRecord, 'id' | 'createdAt' | 'updatedAt' | 'archived' | 'archivedAt'> & { properties: PropertyValues },
  known: ReadonlySet<string>,
  shape: RecordShape,
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: String(record.id),
    properties: selectProperties(type, record.properties, known, shape),
    createdAt: isoTime(record.createdAt),
    updatedAt: isoTime(record.updatedAt),
    archived: record.archived,
  };
  if (record.archived && record.archivedAt !== null) json.archivedAt = isoTime(record.archivedAt);
  if (shape.propertiesWithHistory && shape.propertiesWithHistory.length > 0) {
    const history: Record<string, unknown[]> = {};
    for (const name of shape.propertiesWithHistory) {
      const value = record.properties[name];
      if (value === undefined || value === null) continue;
      // The emulator keeps no history: the current value, dated by the last modification.
      history[name] = [{ value, timestamp: isoTime(record.updatedAt), sourceType: 'API', sourceId: 'emulator' }];
    }
    json.propertiesWithHistory = history;
  }
  return json;
}

/** `properties=a,b&properties=c` or `properties=a,b` → `[a, b, c]`; absent → undefined. */
export function propertyList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
