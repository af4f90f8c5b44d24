import { ProviderRequestError } from '../../errors';
import { HUBSPOT_LIMITS } from '../hubspotLimits';

/**
 * Where a type's change read stands, opaque JSON to the engine. Every record modified before
 * `ts` (epoch ms of the modification property) has been read; at `ts` itself, those with an id up
 * to `afterId` ("0": none yet), or all of them when `afterId` is null.
 *
 * Why two kinds of query: search pages are offsets, and HubSpot answers no page past the
 * 10,000th result of a query; nor does it say how it orders records that share a timestamp. So
 * every page is a fresh query from the cursor (`after` is always 0, the cap is never reached):
 * - records after `ts`, sorted by modification time: on a full page, those before its last
 *   timestamp are complete, the last timestamp may not be, so the cursor stops at it, "0";
 * - records at one timestamp, sorted by `hs_object_id` and narrowed by `hs_object_id > afterId`:
 *   any number of records sharing an instant (HubSpot's month-end bulk updates touch more than
 *   10,000 at once) are read in id order, 200 at a time.
 */
export interface ChangeCursor {
  v: 1;
  ts: number;
  afterId: string | null;
}

/** The cursor from which a read returns every change made at or after `sinceMs`. */
export function changeCursorAt(sinceMs: number): ChangeCursor {
  return { v: 1, ts: Math.floor(sinceMs) - 1, afterId: null };
}

/** A cursor the engine stored, checked: a malformed one is a clear error, never a silent full read. */
export function parseChangeCursor(value: unknown): ChangeCursor {
  const cursor = value as Partial<ChangeCursor> | null;
  if (
    !cursor ||
    cursor.v !== 1 ||
    typeof cursor.ts !== 'number' ||
    !Number.isFinite(cursor.ts) ||
    !(cursor.afterId === null || (typeof cursor.afterId === 'string' && /^\d+$/.test(cursor.afterId)))
  ) {
    throw new ProviderRequestError('the HubSpot change cursor is not one this connector wrote', 'invalid_change_cursor', undefined);
  }
  return { v: 1, ts: cursor.ts, afterId: cursor.afterId };
}

interface Filter {
  propertyName: string;
  operator: 'EQ' | 'GT' | 'LTE';
  value: string;
}

export interface SearchBody {
  filterGroups: { filters: Filter[] }[];
  sorts: { propertyName: string; direction: 'ASCENDING' }[];
  properties: string[];
  limit: number;
  after: '0';
}

/** The search a cursor asks for next; `upperMs`: the newest modification time this read may pass. */
export function searchBody(cursor: ChangeCursor, modifiedProperty: string, properties: string[], upperMs: number): SearchBody {
  const base = { properties, limit: HUBSPOT_LIMITS.searchPageSize, after: '0' as const };
  if (cursor.afterId !== null) {
    return {
      ...base,
      filterGroups: [
        {
          filters: [
            { propertyName: modifiedProperty, operator: 'EQ', value: String(cursor.ts) },
            { propertyName: 'hs_object_id', operator: 'GT', value: cursor.afterId },
          ],
        },
      ],
      sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
    };
  }
  return {
    ...base,
    filterGroups: [
      {
        filters: [
          { propertyName: modifiedProperty, operator: 'GT', value: String(cursor.ts) },
          { propertyName: modifiedProperty, operator: 'LTE', value: String(upperMs) },
        ],
      },
    ],
    sorts: [{ propertyName: modifiedProperty, direction: 'ASCENDING' }],
  };
}

export interface SearchedRecord {
  id: string;
  modifiedMs: number;
}

/**
 * Where the read goes after a page: `done` when the cursor has reached `upperMs` (the caller
 * stores the cursor and asks again later).
 */
export function nextCursor(
  cursor: ChangeCursor,
  page: readonly SearchedRecord[],
  upperMs: number,
): { cursor: ChangeCursor; done: boolean } {
  const full = page.length >= HUBSPOT_LIMITS.searchPageSize;
  if (cursor.afterId !== null) {
    const last = page[page.length - 1];
    if (full && last) return { cursor: { v: 1, ts: cursor.ts, afterId: last.id }, done: false };
    // Every record at this instant is read: on to the ones after it.
    return { cursor: { v: 1, ts: cursor.ts, afterId: null }, done: cursor.ts >= upperMs };
  }
  if (!full) return { cursor: { v: 1, ts: Math.max(cursor.ts, upperMs), afterId: null }, done: true };
  const times = page.map((r) => r.modifiedMs).filter(Number.isFinite);
  if (times.length === 0)
    throw new ProviderRequestError('HubSpot answered a search page without modification times', 'unexpected_response', 200);
  const lastMs = Math.max(...times);
  return { cursor: { v: 1, ts: lastMs, afterId: '0' }, done: false };
}
