import { TABLES, type Knex } from '@datasync/db';
import { toSegment, type Segment, type SegmentRef, type SegmentRow } from './segments.repository';

type Db = Knex | Knex.Transaction;

// Reads of the segments table, for dispatching, reconciling and planning.

export async function findSegment(db: Db, runId: string, n: number): Promise<Segment | undefined> {
  const row = (await db(TABLES.segments).where({ run_id: runId, n }).first()) as SegmentRow | undefined;
  return row && toSegment(row);
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
export async function possiblyOrphanedSegments(
  db: Db,
  options: { graceMs: number; limit: number; accountId?: string },
): Promise<OrphanCandidate[]> {
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
