import { CRM_OBJECTS, type CrmObjectType } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import { crmObjectRow, deletedRow, type CrmRecordJson, type HubspotRow } from '../hubspotRows';
import { epochMs } from '../hubspotValues';
import type { PropertyNames } from '../backfill/propertyDefinitions';
import { nextCursor, parseChangeCursor, searchBody, type ChangeCursor } from './changeCursor';

/**
 * An upsert carries the record's whole row; a delete carries only what it knows (the id, and for an
 * archive its time), so the engine marks the row deleted without blanking its other columns.
 */
export interface HubspotChange {
  op: 'upsert' | 'delete';
  row: HubspotRow;
}

export interface ChangePage {
  changes: HubspotChange[];
  nextCursor: ChangeCursor;
  /** False once the read has reached the present (less the look-back): store the cursor, ask later. */
  hasMore: boolean;
}

export interface ChangeReadOptions {
  /**
   * How far behind now the read stops. Search sees a change only "a few moments" after it is
   * made; a record modified at T may appear after one modified later was read. Stopping the
   * cursor `lookbackMs` behind now means no change still on its way to the index is passed.
   */
  lookbackMs: number;
  /** HubSpot's present (default: this machine's clock). */
  now?: () => number;
}

interface SearchAnswer {
  results?: CrmRecordJson[];
}

/**
 * One page of a type's changes from a cursor (`POST /crm/v3/objects/{type}/search` on the
 * modification property; see changeCursor.ts for why no change is lost at the 10,000 cap). A
 * merge shows as the surviving record's change: the ids in its `hs_merged_object_ids` are deleted.
 * Archives do not move the modification date and never appear in search: sweepArchived reads them.
 */
export async function readChanges(
  client: HubspotClient,
  names: PropertyNames,
  objectType: CrmObjectType,
  storedCursor: unknown,
  options: ChangeReadOptions,
): Promise<ChangePage> {
  const resource = CRM_OBJECTS[objectType];
  const cursor = parseChangeCursor(storedCursor);
  const upperMs = Math.floor((options.now?.() ?? Date.now()) - options.lookbackMs);
  if (cursor.afterId === null && cursor.ts >= upperMs) return { changes: [], nextCursor: cursor, hasMore: false };
  const body = searchBody(cursor, resource.modifiedProperty, await names.of(objectType), upperMs);
  const { body: answer } = await client.post<SearchAnswer>(`${resource.listPath}/search`, body, 'search');
  const records = answer.results ?? [];
  const changes: HubspotChange[] = [];
  for (const record of records) {
    changes.push({ op: 'upsert', row: crmObjectRow(resource, record) });
    for (const mergedId of mergedIds(record)) changes.push({ op: 'delete', row: deletedRow(resource.table, mergedId) });
  }
  const searched = records.map((r) => ({ id: r.id, modifiedMs: epochMs(r.properties[resource.modifiedProperty] ?? r.updatedAt) }));
  const next = nextCursor(cursor, searched, upperMs);
  return { changes, nextCursor: next.cursor, hasMore: !next.done };
}

/** `hs_merged_object_ids` is a `;`-separated list of the ids merged into this record. */
function mergedIds(record: CrmRecordJson): string[] {
  const value = record.properties.hs_merged_object_ids;
  if (!value) return [];
  return value
    .split(';')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id) && id !== record.id);
}
