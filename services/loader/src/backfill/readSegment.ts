import type { WriteBatchOptions, WriteRow } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import {
  toWriteRow,
  type AccountReader,
  type CatalogResource,
  type Partition,
  type PartitionCursor,
  type PartitionPage,
  type ProviderBackfill,
} from '@datasync/providers';
import type { FenceClosed } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import { commitPage, dispatchSegments, finishSegment, recordRunWarnings, type Segment, type StopReason } from '../runs';
import { recordPage } from '../state/accountStates.repository';
import { canonicalJson } from './canonicalJson';
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
  /** The run's connector: it reads the segment's partition from its cursor. */
  backfill: ProviderBackfill;
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
 * Pages through the segment's partition from its saved cursor. Pages are fetched one after another
 * while the pages already fetched are written, so reading and writing overlap; whatever arrived
 * while the previous batch was written becomes the next batch (at most LOADER_BATCH_ROWS rows):
 * one page when writes are fast (first rows at once), larger batches when they are slow
 * (throughput). Only once a batch is committed in the destination does the cursor move past its
 * last page, so a crash re-reads at most the pages in flight, and re-writing them is an idempotent
 * upsert. After every batch: stop if the account became inactive, the collection was unmounted or
 * the sync deleted; pause when the slice is spent. Each batch is also written under the write
 * fence, which reads that state again right before it (io.write): a batch read before a pause, an
 * unmount or a delete is not written once that call has answered. A commit may split the segment
 * (a dispatcher asked for it): from then on the segment reads only the partition it kept, and
 * objects already fetched that the split gave away are left to the new segment
 * (ProviderBackfill.restrictPage), never written here.
 */
export async function readSegment(deps: LoaderDeps, segment: Segment, io: SegmentIo, options: ReadOptions): Promise<ReadOutcome> {
  const { settings, metrics } = deps;
  // The holder's view of its segment: the partition narrows at a split, the rows grow at each commit.
  const held: Segment = { ...segment };
  const pages: PartitionPage[] = [];
  let bufferedRows = 0;
  let fetching = true;
  let fetchError: unknown;
  let pauseWhy: PauseReason = 'slice';
  let halt = false;
  const toWriter = new WakeUp();
  const toFetcher = new WakeUp();
  const stop = new StopSignal(deps, segment.runId, options);

  const fetcher = (async () => {
    let cursor = segment.cursor;
    let count = 0;
    try {
      for (;;) {
        while (bufferedRows >= settings.batchRows && !halt) await toFetcher.wait();
        if (halt) return;
        await io.turn();
        const page = await io.backfill.readPartition(io.reader, io.resource, held.partition, cursor, { limit: settings.pageSize });
        // Objects the provider would not list (its side listing was refused): the rest loads, the status says so.
        if (page.warnings) await recordRunWarnings(deps.knex, segment.runId, page.warnings);
        count += 1;
        metrics.pagesFetched.inc({ resource: io.resource.name });
        pages.push(page);
        bufferedRows += page.objects.length;
        toWriter.signal();
        // A split while the page was in flight may have moved the partition's end above it.
        cursor = io.backfill.restrictPage(held.partition, page).nextCursor;
        if (cursor === null) return;
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
      const written = await writeBatch(deps, held, io, { lease, stop }, batch, committedCursor);
      if ('kind' in written) return written;
      held.rowsWritten += written.rows;
      committedCursor = written.cursor;
      if (written.split) {
        held.partition = written.partition;
        io.logger.debug('segment split', { runId: segment.runId, n: segment.n });
        // The new segment is pending: a slot of the account is free for it now.
        await dispatchSegments(deps, segment.accountId).catch((err: unknown) =>
          io.logger.warn('dispatch after a split failed; the reconciler will dispatch', { error: (err as Error).message }),
        );
      }
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
}

/** A batch committed: its rows, the cursor after it, and the partition the segment reads from now on. */
interface Committed {
  rows: number;
  cursor: PartitionCursor;
  partition: Partition;
  split: boolean;
}

/**
 * Writes consecutive pages as one batch, then moves the cursor past them. Returns an outcome
 * when the segment's reading ends, else what was committed. `segment` is the holder's view: the
 * pages are restricted to its partition as it stands now (a split may have narrowed it since they
 * were read).
 */
async function writeBatch(
  deps: LoaderDeps,
  segment: Segment,
  io: SegmentIo,
  batch: BatchContext,
  read: PartitionPage[],
  after: PartitionCursor | null,
): Promise<ReadOutcome | Committed> {
  const { knex, settings, metrics } = deps;
  const { lease, stop } = batch;
  const rows: WriteRow[] = [];
  let cursor: PartitionCursor | null = after;
  let done = false;
  let pageCount = 0;
  for (const page of read) {
    pageCount += 1;
    const own = io.backfill.restrictPage(segment.partition, page);
    for (const object of own.objects) rows.push(toWriteRow(io.resource, { accountId: io.identifier, object, sourceTs: own.fetchedAt }));
    if (own.nextCursor === null) {
      done = true;
      break;
    }
    cursor = own.nextCursor;
  }
  if (rows.length === 0) {
    // Only an empty last page, or only objects of another segment: the partition held nothing more.
    return (await finishSegment(knex, segment, lease.token)) ? { kind: 'done' } : { kind: 'lost' };
  }
  if (!(await lease.coversAWrite())) {
    // Refused because loading must stop (the account is being deleted, say): the lease is still
    // this job's to give back, which spares the purge waiting it out.
    const reason = await stop.stopped();
    return reason ? { kind: 'stopped', reason } : { kind: 'lost' };
  }
  const written = await io.write(rows, {
    partKey: { runId: segment.runId, segment: segment.n, sequence: after === null ? '' : canonicalJson(after) },
    likelyNew: io.firstLoad,
  });
  // Paused, deleting or unmounted since the last batch: nothing was written, the cursor stays.
  if (written.closed) return { kind: 'stopped', reason: written.closed };
  const commit = { cursor: done ? null : cursor, pages: pageCount, rows: rows.length, done };
  const renewedFrom = Date.now();
  const result = await knex.transaction(async (trx) => {
    const own = await commitPage(trx, segment, lease.token, commit, {
      leaseMs: settings.leaseMs,
      splitMinRows: settings.splitMinRows,
      backfill: io.backfill,
    });
    if (own.committed) await recordPage(trx, segment.accountId, rows.length);
    return own;
  });
  if (!result.committed) return { kind: 'lost' };
  lease.renewed(renewedFrom);
  metrics.rowsWritten.inc({ table: io.table }, rows.length);
  return done ? { kind: 'done' } : { rows: rows.length, cursor, partition: result.partition, split: result.split };
}
