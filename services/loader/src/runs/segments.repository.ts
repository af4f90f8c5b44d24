import { TABLES, type Knex } from '@datasync/db';
import type { Partition, PartitionCursor, ProviderBackfill } from '@datasync/providers';
import { SEGMENT_TRANSITIONS, segmentFrom, type SegmentStatus } from './runStates';
import { splitRemainder } from './splitSegment.repository';

export type { SegmentStatus };

type Db = Knex | Knex.Transaction;

/**
 * A row of the `segments` table: one of the connector's partitions of a run with its cursor and
 * status, read by one job at a time. Partition and cursor are the connector's JSON: stored and
 * handed back, never read here.
 */
export interface Segment {
  runId: string;
  n: number;
  accountId: string;
  partition: Partition;
  /** Where the reading stands after the last batch committed in the destination; null before the first. */
  cursor: PartitionCursor | null;
  status: SegmentStatus;
  pagesRead: number;
  rowsWritten: number;
}

export interface SegmentRow {
  run_id: string;
  n: number;
  account_id: string;
  partition: Partition;
  cursor: PartitionCursor | null;
  status: SegmentStatus;
  pages_read: number;
  rows_written: string;
  lease_token: string | null;
  leased_until: Date | null;
}

export function toSegment(row: SegmentRow): Segment {
  return {
    runId: row.run_id,
    n: row.n,
    accountId: row.account_id,
    partition: row.partition,
    cursor: row.cursor,
    status: row.status,
    pagesRead: row.pages_read,
    rowsWritten: Number(row.rows_written),
  };
}

export type Claim = { kind: 'claimed'; segment: Segment } | { kind: 'held'; until: Date } | { kind: 'done' } | { kind: 'missing' };

/**
 * `claim`: takes the segment's lease for `token`, unless another holder's lease is still valid. The lease
 * is what makes a second delivery of the same job harmless: only the holder reads and moves the
 * cursor, so two deliveries never interleave their writes of one range.
 */
export async function claimSegment(db: Db, runId: string, n: number, token: string, leaseMs: number): Promise<Claim> {
  const claimed = (await db(TABLES.segments)
    .where({ run_id: runId, n })
    .whereIn('status', segmentFrom('claim'))
    .where((q) => q.whereNull('lease_token').orWhere('leased_until', '<', db.fn.now()))
    .update({
      lease_token: token,
      leased_until: db.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]),
      status: SEGMENT_TRANSITIONS.claim.to,
      attempts: db.raw('attempts + 1'),
      updated_at: db.fn.now(),
    })
    .returning('*')) as SegmentRow[];
  if (claimed[0]) return { kind: 'claimed', segment: toSegment(claimed[0]) };
  const row = (await db(TABLES.segments).where({ run_id: runId, n }).first('status', 'leased_until')) as
    Pick<SegmentRow, 'status' | 'leased_until'> | undefined;
  if (!row) return { kind: 'missing' };
  if (row.status === 'done') return { kind: 'done' };
  return { kind: 'held', until: row.leased_until ?? new Date() };
}

export interface PageCommit {
  /** Where the reading stands after the batch; null with the last batch (nothing follows it). */
  cursor: PartitionCursor | null;
  /** Pages the batch covered. */
  pages: number;
  rows: number;
  done: boolean;
}

/** What a commit found: whether this job still holds the segment, and the partition it reads from now on. */
export type CommitResult = { committed: false } | { committed: true; partition: Partition; split: boolean };

export interface CommitOptions {
  leaseMs: number;
  /** The least splittable rows worth a split. */
  splitMinRows: number;
  /** The run's connector: its estimate of what is left to split, and its split. */
  backfill: ProviderBackfill;
}

/**
 * `commit` (or `finish`, with the last batch): records pages whose batch is already committed in
 * the destination: the cursor moves past them, counters grow, the lease is renewed, and the
 * connector's estimate of what a split could hand over is kept for the dispatcher. Only while
 * `token` holds the lease: not committed means another job took the segment over, and this one
 * must stop (its batch was an idempotent upsert). `segment` is the holder's view: its partition
 * as it reads it and the rows written before this batch. When a dispatcher asked for a split, the
 * segment splits here (`shrink`, splitSegment.repository.ts) and the caller learns its new partition.
 */
export async function commitPage(
  trx: Knex.Transaction,
  segment: Segment,
  token: string,
  page: PageCommit,
  options: CommitOptions,
): Promise<CommitResult> {
  const move = page.done ? SEGMENT_TRANSITIONS.finish : SEGMENT_TRANSITIONS.commit;
  const splittable = page.done ? 0 : options.backfill.splittableRows(segment.partition, page.cursor, segment.rowsWritten + page.rows);
  const [row] = (await trx(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .whereIn('status', [...move.from])
    .update({
      // The last batch leaves the cursor where it was: a done segment is never read again.
      ...(page.cursor === null ? {} : { cursor: JSON.stringify(page.cursor) }),
      splittable_rows: splittable,
      pages_read: trx.raw('pages_read + ?', [page.pages]),
      rows_written: trx.raw('rows_written + ?', [page.rows]),
      leased_until: trx.raw(`now() + make_interval(secs => ?)`, [options.leaseMs / 1000]),
      updated_at: trx.fn.now(),
      status: move.to,
      ...(page.done ? { done_at: trx.fn.now(), lease_token: null, leased_until: null } : {}),
    })
    .returning('*')) as (SegmentRow & { split_wanted: boolean })[];
  if (!row) return { committed: false };
  const committed = toSegment(row);
  if (page.done || !row.split_wanted) return { committed: true, partition: committed.partition, split: false };
  const kept = await splitRemainder(trx, committed, splittable >= options.splitMinRows ? options.backfill : null);
  return { committed: true, partition: kept ?? committed.partition, split: kept !== null };
}

/**
 * `renew`: extends the lease while `token` still holds it and the account is not being deleted:
 * false otherwise, and the job must not write. Holding the account row (FOR SHARE) orders a renewal
 * against the DELETE that marks the account deleting: one before it is a live lease the purge
 * waits for; one after it sees the mark and fails, so a lease that ran out stays out once the
 * purge is under way (purgeAccountData).
 */
export async function renewLease(
  db: Db,
  segment: Pick<Segment, 'runId' | 'n' | 'accountId'>,
  token: string,
  leaseMs: number,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const account = await trx(TABLES.accounts).where({ id: segment.accountId }).whereNull('deleting_at').forShare().first('id');
    if (!account) return false;
    const updated = await trx(TABLES.segments)
      .where({ run_id: segment.runId, n: segment.n, lease_token: token })
      .whereIn('status', segmentFrom('renew'))
      .update({ leased_until: trx.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]), updated_at: trx.fn.now() });
    return updated > 0;
  });
}

/** `finish` without a page (its range held nothing more). */
export async function finishSegment(db: Db, segment: Segment, token: string): Promise<boolean> {
  const updated = await db(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .whereIn('status', segmentFrom('finish'))
    .update({
      status: SEGMENT_TRANSITIONS.finish.to,
      done_at: db.fn.now(),
      lease_token: null,
      leased_until: null,
      updated_at: db.fn.now(),
    });
  return updated > 0;
}

/**
 * Gives the lease up. `stop`: the segment stops (account paused, collection unmounted, a head
 * read handing segment 0 back) and waits to be dispatched again; `yield`: its job is still queued
 * and goes on later (slice spent, 429 delay, retry).
 */
export async function releaseSegment(db: Db, segment: Pick<Segment, 'runId' | 'n'>, token: string, move: 'stop' | 'yield'): Promise<void> {
  await db(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .whereIn('status', segmentFrom(move))
    .update({ lease_token: null, leased_until: null, updated_at: db.fn.now(), status: SEGMENT_TRANSITIONS[move].to });
}

export interface SegmentRef {
  runId: string;
  n: number;
  accountId: string;
}

/** `requeue`: its job was just enqueued again, so the orphan check leaves it alone for a while. */
export async function touchQueued(db: Db, ref: Pick<SegmentRef, 'runId' | 'n'>): Promise<void> {
  await db(TABLES.segments)
    .where({ run_id: ref.runId, n: ref.n })
    .whereIn('status', segmentFrom('requeue'))
    .update({ status: SEGMENT_TRANSITIONS.requeue.to, queued_at: db.fn.now(), updated_at: db.fn.now() });
}
