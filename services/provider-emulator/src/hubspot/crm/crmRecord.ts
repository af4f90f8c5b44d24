/** A property value as HubSpot returns it: always a string, or null when unset. */
export type PropertyValues = Record<string, string | null>;

/** What the search index holds of a record: its state as of the last time the index caught up. */
export interface SearchView {
  properties: PropertyValues;
  updatedAt: number;
  archived: boolean;
  merged: boolean;
}

/** One CRM record (contact, company, …). Times are milliseconds since the epoch. */
export interface CrmRecord {
  id: number;
  properties: PropertyValues;
  createdAt: number;
  updatedAt: number;
  archived: boolean;
  archivedAt: number | null;
  /** Set when the record was merged into another: it answers as that one and leaves lists. */
  mergedInto: number | null;
  /** What search returns until `indexedAt` (undefined: the record is not in the index yet). */
  indexed: SearchView | undefined;
  indexedAt: number;
}

export function searchViewOf(record: CrmRecord): SearchView {
  return {
    properties: { ...record.properties },
    updatedAt: record.updatedAt,
    archived: record.archived,
    merged: record.mergedInto !== null,
  };
}

/** The record as search sees it at `now`: the current state once indexed, else the older one. */
export function searchable(record: CrmRecord, now: number): SearchView | undefined {
  if (now < record.indexedAt) return record.indexed;
  // Read only: the record's own values, not a copy (search walks every record of the type).
  return { properties: record.properties, updatedAt: record.updatedAt, archived: record.archived, merged: record.mergedInto !== null };
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
