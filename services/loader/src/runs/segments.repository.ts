import { TABLES, type Knex } from '@datasync/db';
import { SEGMENT_TRANSITIONS, segmentFrom, type SegmentStatus } from './runStates';
import { splitRemainder } from './splitSegment.repository';

export type { SegmentStatus };

type Db = Knex | Knex.Transaction;

/**
 * A row of the `segments` table: a part of a run's `created` range (a CreatedRange, in the
 * providers' words) with its cursor and status, read newest first by one job at a time.
 */
export interface Segment {
  runId: string;
  n: number;
  accountId: string;
  /** Unix seconds: [createdGte, createdLt). */
  createdGte: number;
  createdLt: number;
  /** The last object whose batch is committed in the destination: paging resumes after it. */
  cursor: string | null;
  cursorCreated: number | null;
  status: SegmentStatus;
  pagesRead: number;
  rowsWritten: number;
}

export interface SegmentRow {
  run_id: string;
  n: number;
  account_id: string;
  created_gte: string;
  created_lt: string;
  cursor: string | null;
  cursor_created: string | null;
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
    createdGte: Number(row.created_gte),
    createdLt: Number(row.created_lt),
    cursor: row.cursor,
    cursorCreated: row.cursor_created === null ? null : Number(row.cursor_created),
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
  cursor: string;
  cursorCreated: number | null;
  /** Pages the batch covered. */
  pages: number;
  rows: number;
  done: boolean;
}

/** What a commit found: whether this job still holds the segment, and the range it reads from now on. */
export type CommitResult = { committed: false } | { committed: true; createdGte: number; split: boolean };

/**
 * `commit` (or `finish`, with the last batch): records pages whose batch is already committed in
 * the destination: the cursor moves past them, counters grow, the lease is renewed. Only while
 * `token` holds the lease: not committed means another job took the segment over, and this one
 * must stop (its batch was an idempotent upsert). When a dispatcher asked for a split, the
 * segment splits here (`shrink`, splitSegment.repository.ts) and the caller learns its new
 * lower bound.
 */
export async function commitPage(
  trx: Knex.Transaction,
  segment: Segment,
  token: string,
  page: PageCommit,
  options: { leaseMs: number; splitMinRows: number },
): Promise<CommitResult> {
  const move = page.done ? SEGMENT_TRANSITIONS.finish : SEGMENT_TRANSITIONS.commit;
  const [row] = (await trx(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .whereIn('status', [...move.from])
    .update({
      cursor: page.cursor,
      cursor_created: page.cursorCreated,
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
  if (page.done || !row.split_wanted) return { committed: true, createdGte: committed.createdGte, split: false };
  const point = await splitRemainder(trx, committed, options.splitMinRows);
  return { committed: true, createdGte: point ?? committed.createdGte, split: point !== null };
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
