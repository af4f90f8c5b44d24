import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export type SegmentStatus = 'pending' | 'queued' | 'done';

/** A part of a run's `created` range, read newest first by one job at a time. */
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

interface SegmentRow {
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

function toSegment(row: SegmentRow): Segment {
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

export type Claim =
  | { kind: 'claimed'; segment: Segment }
  | { kind: 'held'; until: Date }
  | { kind: 'done' }
  | { kind: 'missing' };

/**
 * Takes the segment's lease for `token`, unless another holder's lease is still valid. The lease
 * is what makes a second delivery of the same job harmless: only the holder reads and moves the
 * cursor, so two deliveries never interleave their writes of one range.
 */
export async function claimSegment(db: Db, runId: string, n: number, token: string, leaseMs: number): Promise<Claim> {
  const claimed = (await db(TABLES.segments)
    .where({ run_id: runId, n })
    .whereNot('status', 'done')
    .where((q) => q.whereNull('lease_token').orWhere('leased_until', '<', db.fn.now()))
    .update({
      lease_token: token,
      leased_until: db.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]),
      status: 'queued',
      attempts: db.raw('attempts + 1'),
      updated_at: db.fn.now(),
    })
    .returning('*')) as SegmentRow[];
  if (claimed[0]) return { kind: 'claimed', segment: toSegment(claimed[0]) };
  const row = (await db(TABLES.segments).where({ run_id: runId, n }).first('status', 'leased_until')) as
    | Pick<SegmentRow, 'status' | 'leased_until'>
    | undefined;
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

/**
 * Records pages whose batch is already committed in the destination: the cursor moves past them,
 * counters grow, the lease is renewed. Only while `token` holds the lease: false means another
 * job took the segment over, and this one must stop (its batch was an idempotent upsert).
 */
export async function commitPage(trx: Knex.Transaction, segment: Segment, token: string, page: PageCommit, leaseMs: number): Promise<boolean> {
  const updated = await trx(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .update({
      cursor: page.cursor,
      cursor_created: page.cursorCreated,
      pages_read: trx.raw('pages_read + ?', [page.pages]),
      rows_written: trx.raw('rows_written + ?', [page.rows]),
      leased_until: trx.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]),
      updated_at: trx.fn.now(),
      ...(page.done ? { status: 'done', done_at: trx.fn.now(), lease_token: null, leased_until: null } : {}),
    });
  return updated > 0;
}

/**
 * Extends the lease while `token` still holds it and the account is not being deleted: false
 * otherwise, and the job must not write. Holding the account row (FOR SHARE) orders a renewal
 * against the DELETE that marks the account deleting: one before it is a live lease the purge
 * waits for; one after it sees the mark and fails, so a lease that ran out stays out once the
 * purge is under way (purgeAccountData).
 */
export async function renewLease(db: Db, segment: Pick<Segment, 'runId' | 'n' | 'accountId'>, token: string, leaseMs: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const account = await trx(TABLES.accounts).where({ id: segment.accountId }).whereNull('deleting_at').forShare().first('id');
    if (!account) return false;
    const updated = await trx(TABLES.segments)
      .where({ run_id: segment.runId, n: segment.n, lease_token: token })
      .whereNot('status', 'done')
      .update({ leased_until: trx.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]), updated_at: trx.fn.now() });
    return updated > 0;
  });
}

/** Marks the segment done without a page (its range held nothing more). */
export async function finishSegment(db: Db, segment: Segment, token: string): Promise<boolean> {
  const updated = await db(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .update({ status: 'done', done_at: db.fn.now(), lease_token: null, leased_until: null, updated_at: db.fn.now() });
  return updated > 0;
}

/**
 * Gives the lease up. `toPending`: the segment stops (account paused, collection unmounted) and
 * waits to be dispatched again; otherwise its job is still queued (yield, 429 delay, retry).
 */
export async function releaseSegment(db: Db, segment: Pick<Segment, 'runId' | 'n'>, token: string, options: { toPending?: boolean } = {}): Promise<void> {
  await db(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n, lease_token: token })
    .whereNot('status', 'done')
    .update({ lease_token: null, leased_until: null, updated_at: db.fn.now(), ...(options.toPending ? { status: 'pending' } : {}) });
}

export async function findSegment(db: Db, runId: string, n: number): Promise<Segment | undefined> {
  const row = (await db(TABLES.segments).where({ run_id: runId, n }).first()) as SegmentRow | undefined;
  return row && toSegment(row);
}

export interface SegmentRef {
  runId: string;
  n: number;
  accountId: string;
}

/** A queued segment nobody holds: never leased since its enqueue, or its holder's lease lapsed. */
export interface OrphanCandidate extends SegmentRef {
  /** A job held the segment and stopped renewing its lease (its loader died or hangs). */
  leaseLapsed: boolean;
  /** Claims so far: names a takeover job, so a repeated reconcile adds it once. */
  claims: number;
}

/**
 * Segments whose job may be lost: queued, nobody holding a lease, untouched for `graceMs`, of a
 * running run whose account may load. The caller asks Redis whether their job still exists.
 */
export async function possiblyOrphanedSegments(db: Db, options: { graceMs: number; limit: number; accountId?: string }): Promise<OrphanCandidate[]> {
  const query = db(`${TABLES.segments} as s`)
    .join(`${TABLES.runs} as r`, 'r.id', 's.run_id')
    .join(`${TABLES.accounts} as a`, 'a.id', 's.account_id')
    .join(`${TABLES.collections} as c`, 'c.id', 'r.collection_id')
    .leftJoin(`${TABLES.accountStates} as st`, 'st.account_id', 's.account_id')
    .where({ 's.status': 'queued', 'r.status': 'running', 'a.active': true })
    .whereNull('a.deleting_at')
    .whereNull('c.unmounted_at')
    .where((q) => q.whereNull('s.leased_until').orWhere('s.leased_until', '<', db.fn.now()))
    .where('s.updated_at', '<', db.raw(`now() - make_interval(secs => ?)`, [options.graceMs / 1000]))
    .orderBy('s.updated_at')
    .limit(options.limit)
    .select('s.run_id', 's.n', 's.account_id', 's.attempts', db.raw('s.leased_until is not null as lease_lapsed'));
  if (options.accountId) query.where('s.account_id', options.accountId);
  // An account in error is retried as a whole on its own slow schedule, not segment by segment.
  else query.where((q) => q.whereNull('st.status').orWhereNot('st.status', 'error'));
  const rows = (await query) as { run_id: string; n: number; account_id: string; attempts: number; lease_lapsed: boolean }[];
  return rows.map((r) => ({ runId: r.run_id, n: r.n, accountId: r.account_id, leaseLapsed: r.lease_lapsed, claims: r.attempts }));
}

/** Marks a segment's job as just (re)enqueued, so the orphan check leaves it alone for a while. */
export async function touchQueued(db: Db, ref: Pick<SegmentRef, 'runId' | 'n'>): Promise<void> {
  await db(TABLES.segments).where({ run_id: ref.runId, n: ref.n, status: 'queued' }).update({ queued_at: db.fn.now(), updated_at: db.fn.now() });
}

/** Accounts that have segments waiting for a dispatch, and may load. */
export async function accountsWithPendingSegments(db: Db, limit: number): Promise<string[]> {
  return (await db(`${TABLES.segments} as s`)
    .join(`${TABLES.runs} as r`, 'r.id', 's.run_id')
    .join(`${TABLES.accounts} as a`, 'a.id', 's.account_id')
    .leftJoin(`${TABLES.accountStates} as st`, 'st.account_id', 's.account_id')
    .where({ 's.status': 'pending', 'r.status': 'running', 'r.planned': true, 'a.active': true })
    .whereNull('a.deleting_at')
    .where((q) => q.whereNull('st.status').orWhereNot('st.status', 'error'))
    .distinct('s.account_id')
    .limit(limit)
    .pluck('s.account_id')) as string[];
}
