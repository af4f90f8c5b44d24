import {
  markDeleted,
  readStoredVersions,
  type DeletedObject,
  type DestinationHandle,
  type WriteRow,
  type Writer,
} from '@datasync/destinations';
import { tableSpecOf, toWriteRow, type CatalogResource } from '@datasync/providers';
import { decide, type ObjectChange } from './changeSet';
import type { Refetcher } from './refetcher';

// How long after an event's second a stored read may still predate the change: a list or
// retrieve reflects some instant before its response arrived, and that arrival is its
// `_source_ts`. Generous on purpose: settling costs one request, a stale row costs correctness.
export const TIE_MARGIN_MS = 10_000;

/** Fetches of one page in flight at once. */
const REFETCH_CONCURRENCY = 8;

async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

/** One table of a destination, on an open connection. */
export interface TableRef {
  handle: DestinationHandle;
  schema: string;
  table: string;
}

export interface ChangeTarget {
  table: TableRef;
  tableName: string;
  resource: CatalogResource;
  writer: Writer;
  /** Runs a write of the table under the account's write fence; throws WritesFenced (the poll ends) once it is closed. */
  fenced<T>(write: () => Promise<T>): Promise<T>;
}

export interface ApplyResult {
  written: number;
  refetched: number;
  skipped: number;
}

/**
 * Applies one page's changes of one resource to one destination table as the account's rows:
 * each change is written with its event's second as `_source_ts`, settled by a fresh fetch when
 * that second is ambiguous (see decide), or skipped when the table already holds a later state.
 * Deletions become `_deleted = true`. Every write is guarded by `_source_ts` in the destination,
 * so applying a page twice, or out of order, leaves the same rows.
 */
export async function applyChanges(
  target: ChangeTarget,
  identifier: string,
  changes: readonly ObjectChange[],
  refetcher: Refetcher,
): Promise<ApplyResult> {
  const result: ApplyResult = { written: 0, refetched: 0, skipped: 0 };
  if (changes.length === 0) return result;
  const { handle, schema, table } = target.table;
  const stored = await readStoredVersions(handle, { schema, table, accountId: identifier, ids: changes.map((c) => c.id) });
  const rows: WriteRow[] = [];
  const gone: DeletedObject[] = [];
  const refetch: string[] = [];
  for (const change of changes) {
    const decision = decide(change, stored.get(change.id), TIE_MARGIN_MS);
    if (decision === 'skip') result.skipped += 1;
    else if (decision === 'refetch') refetch.push(change.id);
    else {
      const state = { accountId: identifier, object: change.object, sourceTs: new Date(change.created * 1000), deleted: change.deleted };
      rows.push(toWriteRow(target.resource, state));
    }
  }
  // The page's fetches run together (each spends the account's rate budget), so a page of events
  // rendered in another API version costs the latency of a few requests, not of one per event.
  const fetched = await inBatches(refetch, REFETCH_CONCURRENCY, (id) => refetcher.get(target.resource, id));
  result.refetched += refetch.length;
  refetch.forEach((id, i) => {
    const fresh = fetched[i] as Awaited<ReturnType<Refetcher['get']>>;
    if (fresh.object) rows.push(toWriteRow(target.resource, { accountId: identifier, object: fresh.object, sourceTs: fresh.fetchedAt }));
    else gone.push({ accountId: identifier, id, sourceTs: fresh.fetchedAt });
  });
  if (rows.length === 0 && gone.length === 0) return result;
  result.written += await target.fenced(async () => {
    let written = 0;
    if (rows.length > 0) written += (await target.writer.writeBatch(rows)).written;
    const spec = { ...tableSpecOf(target.resource), table };
    if (gone.length > 0) written += (await markDeleted(handle, { engine: handle.engine, schema, spec, objects: gone })).marked;
    return written;
  });
  return result;
}
