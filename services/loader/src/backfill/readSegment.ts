import type { WriteBatchOptions, WriteRow } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { ProviderRequestError, toWriteRow, type AccountReader, type CatalogResource, type Page } from '@datasync/providers';
import type { FenceClosed } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import { commitPage, dispatchSegments, finishSegment, recordRunWarnings, type Segment, type StopReason } from '../runs';
import { recordPage } from '../state/accountStates.repository';
import { LeaseClock, type LeaseGrant } from './leaseClock';
import { StopSignal, type PauseReason, type SliceBounds } from './stopSignal';

export type ReadOutcome =
  | { kind: 'done' }
  /** The slice's time or page budget is spent, or the process is stopping: the job goes on later. */
  | { kind: 'paused'; why: PauseReason }
  | { kind: 'stopped'; reason: StopReason }
  /** This job's lease ran out (another job may take the segment over): stop without touching it. */
  | { kind: 'lost' };

export type { PauseReason };

export interface SegmentIo {
  reader: AccountReader;
  resource: CatalogResource;
  /**
   * Writes one batch in the run's destination (one transaction; see Writer.writeBatch) under the
   * account's write fence (access/writeFence.ts); `closed` says why it was not written.
   */
  write(rows: readonly WriteRow[], options: WriteBatchOptions): Promise<{ closed: FenceClosed | null }>;
  /** The account's identifier: the `account_id` column of its rows. */
  identifier: string;
  table: string;
  /** The run is the account's first load into the table, so its rows are likely new there (WriteBatchOptions.likelyNew). */
  firstLoad: boolean;
  /** Resolves when the next page may be fetched (firstRowsFirst.ts); at once for a head read. */
  turn(): Promise<void>;
  logger: Logger;
}

export type ReadOptions = LeaseGrant & SliceBounds;

// Stripe refuses a starting_after whose object was deleted meanwhile.
function cursorGone(err: unknown, cursor: string): boolean {
  return (
    err instanceof ProviderRequestError &&
    (err.param === 'starting_after' || (err.code === 'resource_missing' && err.message.includes(cursor)))
  );
}

/** The segment's last page: the provider has nothing more, or the page reached below the segment's lower bound. */
const isLast = (page: Page, createdGte: number): boolean =>
  !page.hasMore || page.lastId === null || (page.lastCreated !== null && page.lastCreated < createdGte);

/** A one-slot wake-up: the waiting side resolves when the other side calls `signal`. */
class WakeUp {
  private waiter: (() => void) | undefined;
  wait(): Promise<void> {
    return new Promise((resolve) => (this.waiter = resolve));
  }
  signal(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

/**
 * Pages through the segment from its saved cursor. Pages are fetched one after another while the
 * pages already fetched are written, so reading and writing overlap; whatever arrived while the
 * previous batch was written becomes the next batch (at most LOADER_BATCH_ROWS rows): one page
 * when writes are fast (first rows at once), larger batches when they are slow (throughput).
 * Only once a batch is committed in the destination does the cursor move past its last page, so a
 * crash re-reads at most the pages in flight, and re-writing them is an idempotent upsert. After
 * every batch: stop if the account became inactive, the collection was unmounted or the sync
 * deleted; pause when the slice is spent. Each batch is also written under the write fence, which
 * reads that state again right before it (io.write): a batch read before a pause, an unmount or a
 * delete is not written once that call has answered. A commit may split the segment (a dispatcher asked for
 * it): from then on the segment reads only down to its new lower bound, and objects below it that
 * were already fetched are left to the new segment, never written here.
 */
export async function readSegment(deps: LoaderDeps, segment: Segment, io: SegmentIo, options: ReadOptions): Promise<ReadOutcome> {
  const { settings, metrics } = deps;
  // createdGte rises when the segment is split: the requests after that stop at the new bound.
  const range = { createdGte: segment.createdGte, createdLt: segment.createdLt, limit: settings.pageSize };
  const pages: Page[] = [];
  let bufferedRows = 0;
  let fetching = true;
  let fetchError: unknown;
  let pauseWhy: PauseReason = 'slice';
  let halt = false;
  const toWriter = new WakeUp();
  const toFetcher = new WakeUp();
  const stop = new StopSignal(deps, segment.runId, options);

  const fetchAfter = async (after: string | null, cursorCreated: number | null): Promise<Page> => {
    if (after === null) return io.reader.fetchPage(io.resource, range);
    try {
      return await io.reader.fetchPage(io.resource, { ...range, startingAfter: after });
    } catch (err) {
      if (!cursorGone(err, after) || cursorCreated === null) throw err;
      // Re-read the cursor's second from its start: the rows already written there are upserted again.
      io.logger.info('segment cursor object gone at the provider; re-reading its second', { runId: segment.runId, n: segment.n });
      return io.reader.fetchPage(io.resource, { ...range, createdLt: Math.min(range.createdLt, cursorCreated + 1) });
    }
  };

  const fetcher = (async () => {
    let after = segment.cursor;
    let afterCreated = segment.cursorCreated;
    let count = 0;
    try {
      for (;;) {
        while (bufferedRows >= settings.batchRows && !halt) await toFetcher.wait();
        if (halt) return;
        await io.turn();
        const page = await fetchAfter(after, afterCreated);
        // Objects the provider would not list (its side listing was refused): the rest loads, the status says so.
        if (page.warnings) await recordRunWarnings(deps.knex, segment.runId, page.warnings);
        count += 1;
        metrics.pagesFetched.inc({ resource: io.resource.name });
        pages.push(page);
        bufferedRows += page.objects.length;
        toWriter.signal();
        if (isLast(page, range.createdGte)) return;
        after = page.lastId;
        afterCreated = page.lastCreated ?? afterCreated;
        const why = stop.pauseAfter(count);
        if (why) {
          pauseWhy = why;
          return;
        }
      }
    } catch (err) {
      fetchError = err;
    } finally {
      fetching = false;
      toWriter.signal();
    }
  })();

  // The cursor the next batch was read after: with the segment it names the batch's part files in
  // blob destinations, so a batch written again after a crash replaces its files (no duplicates).
  let committedCursor = segment.cursor;
  const lease = new LeaseClock(deps, segment, options);
  lease.startHeartbeat(io.logger);
  try {
    for (;;) {
      while (pages.length === 0 && fetching) await toWriter.wait();
      if (pages.length === 0) {
        if (fetchError !== undefined) throw fetchError;
        return { kind: 'paused', why: pauseWhy };
      }
      const batch = pages.splice(0);
      bufferedRows = 0;
      toFetcher.signal();
      const written = await writeBatch(deps, segment, io, { lease, stop, createdGte: range.createdGte }, batch, committedCursor);
      if ('kind' in written) return written;
      if (written.createdGte !== range.createdGte) {
        range.createdGte = written.createdGte;
        io.logger.debug('segment split', { runId: segment.runId, n: segment.n, createdGte: range.createdGte });
        // The new segment is pending: a slot of the account is free for it now.
        await dispatchSegments(deps, segment.accountId).catch((err: unknown) =>
          io.logger.warn('dispatch after a split failed; the reconciler will dispatch', { error: (err as Error).message }),
        );
      }
      committedCursor = batch.reduce<string | null>((cursor, page) => page.lastId ?? cursor, committedCursor);
      const reason = await stop.stopped();
      if (reason) return { kind: 'stopped', reason };
    }
  } finally {
    halt = true;
    toFetcher.signal();
    await fetcher;
    await lease.stopHeartbeat();
  }
}

interface BatchContext {
  lease: LeaseClock;
  stop: StopSignal;
  /** The segment's lower bound when the batch is written: objects below it belong to another segment. */
  createdGte: number;
}

/**
 * Writes consecutive pages as one batch, then moves the cursor past them. Returns an outcome
 * when the segment's reading ends, else its lower bound after the commit (raised by a split).
 */
async function writeBatch(
  deps: LoaderDeps,
  segment: Segment,
  io: SegmentIo,
  batch: BatchContext,
  pages: Page[],
  after: string | null,
): Promise<ReadOutcome | { createdGte: number }> {
  const { knex, settings, metrics } = deps;
  const { lease, stop, createdGte } = batch;
  const rows: WriteRow[] = [];
  let cursor: string | null = null;
  let cursorCreated: number | null = null;
  let done = false;
  let pageCount = 0;
  for (const page of pages) {
    pageCount += 1;
    for (const object of page.objects) {
      // Newest first: past the bound only the end of the segment's last page.
      if (object.created !== undefined && object.created < createdGte) continue;
      rows.push(toWriteRow(io.resource, { accountId: io.identifier, object, sourceTs: page.fetchedAt }));
    }
    if (page.lastId !== null) {
      cursor = page.lastId;
      cursorCreated = page.lastCreated ?? cursorCreated;
    }
    if (isLast(page, createdGte)) {
      done = true;
      break;
    }
  }
  if (rows.length === 0 || cursor === null) {
    // Only an empty last page, or only objects of another segment: the range held nothing more.
    return (await finishSegment(knex, segment, lease.token)) ? { kind: 'done' } : { kind: 'lost' };
  }
  if (!(await lease.coversAWrite())) {
    // Refused because loading must stop (the account is being deleted, say): the lease is still
    // this job's to give back, which spares the purge waiting it out.
    const reason = await stop.stopped();
    return reason ? { kind: 'stopped', reason } : { kind: 'lost' };
  }
  const written = await io.write(rows, {
    partKey: { runId: segment.runId, segment: segment.n, sequence: after ?? '' },
    likelyNew: io.firstLoad,
  });
  // Paused, deleting or unmounted since the last batch: nothing was written, the cursor stays.
  if (written.closed) return { kind: 'stopped', reason: written.closed };
  const commit = { cursor, cursorCreated, pages: pageCount, rows: rows.length, done };
  const renewedFrom = Date.now();
  const result = await knex.transaction(async (trx) => {
    const own = await commitPage(trx, segment, lease.token, commit, { leaseMs: settings.leaseMs, splitMinRows: settings.splitMinRows });
    if (own.committed) await recordPage(trx, segment.accountId, rows.length);
    return own;
  });
  if (!result.committed) return { kind: 'lost' };
  lease.renewed(renewedFrom);
  metrics.rowsWritten.inc({ table: io.table }, rows.length);
  return done ? { kind: 'done' } : { createdGte: result.createdGte };
}
