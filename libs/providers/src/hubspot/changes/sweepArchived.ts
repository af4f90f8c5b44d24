import { CRM_OBJECTS, type CrmObjectType } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import { archivedRow, type CrmRecordJson } from '../hubspotRows';
import { epochMs } from '../hubspotValues';
import { ProviderRequestError } from '../../errors';
import { HUBSPOT_LIMITS } from '../hubspotLimits';
import type { HubspotChange } from './readChanges';

/**
 * Where an archive sweep stands: the list's `after` within this sweep, archives since `sinceMs`
 * are reported, and the sweep began at `startedMs` (the next one reports archives from then on).
 */
export interface ArchiveCursor {
  v: 1;
  sinceMs: number;
  startedMs: number | null;
  after: string | null;
}

export const archiveCursorAt = (sinceMs: number): ArchiveCursor => ({ v: 1, sinceMs, startedMs: null, after: null });

export interface ArchivePage {
  changes: HubspotChange[];
  nextCursor: ArchiveCursor;
  hasMore: boolean;
}

interface ListAnswer {
  results?: CrmRecordJson[];
  paging?: { next?: { after?: string } };
}

/**
 * One page of a type's archived records (`GET …?archived=true`), reported as deletes when
 * archived since the cursor's time. Archiving does not move the modification date and search
 * never shows archived records, so this list is the only place archives appear; it cannot be
 * filtered by time, so each sweep walks it in id order and keeps the recent ones. `lookbackMs`
 * covers clocks that disagree: an archive is reported twice rather than never.
 */
export async function sweepArchived(
  client: HubspotClient,
  objectType: CrmObjectType,
  stored: unknown,
  options: { lookbackMs: number; now?: () => number },
): Promise<ArchivePage> {
  const cursor = parseArchiveCursor(stored);
  const resource = CRM_OBJECTS[objectType];
  const startedMs = cursor.startedMs ?? Math.floor(options.now?.() ?? Date.now());
  const { body } = await client.get<ListAnswer>(resource.listPath, {
    limit: HUBSPOT_LIMITS.listPageSize,
    after: cursor.after ?? undefined,
    archived: 'true',
    properties: ['hs_object_id', resource.modifiedProperty],
  });
  const changes: HubspotChange[] = (body.results ?? [])
    .filter((record) => !(epochMs(record.archivedAt) < cursor.sinceMs))
    .map((record) => ({ op: 'delete', row: archivedRow(resource, record) }));
  const after = body.paging?.next?.after ?? null;
  if (after) return { changes, nextCursor: { v: 1, sinceMs: cursor.sinceMs, startedMs, after }, hasMore: true };
  return { changes, nextCursor: { v: 1, sinceMs: startedMs - options.lookbackMs, startedMs: null, after: null }, hasMore: false };
}

function parseArchiveCursor(value: unknown): ArchiveCursor {
  const c = value as Partial<ArchiveCursor> | null;
  if (
    !c ||
    c.v !== 1 ||
    typeof c.sinceMs !== 'number' ||
    !(c.startedMs === null || typeof c.startedMs === 'number') ||
    !(c.after === null || typeof c.after === 'string')
  ) {
    throw new ProviderRequestError('the HubSpot archive cursor is not one this connector wrote', 'invalid_archive_cursor', undefined);
  }
  return { v: 1, sinceMs: c.sinceMs, startedMs: c.startedMs, after: c.after };
}
