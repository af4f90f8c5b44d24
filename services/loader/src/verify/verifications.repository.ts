import { TABLES, type Knex, type TableVerificationRow } from '@datasync/db';
import type { VerifyScope } from '@datasync/queue';

type Db = Knex | Knex.Transaction;

/** One table of one account in one destination. */
export interface VerificationKey {
  accountId: string;
  destinationId: string;
  tableName: string;
}

/** A verification in progress: its `created` range and where its walk stands (unix seconds). */
export interface VerificationProgress {
  scope: VerifyScope;
  /** Inclusive lower bound; null: from the first object. */
  from: number | null;
  /** Exclusive upper bound of the whole check. */
  through: number;
  /** Exclusive upper bound of what is still to walk: windows above it are done. */
  cursor: number;
  found: number;
  repaired: number;
  startedAt: Date;
}

const keyOf = (key: VerificationKey) => ({ account_id: key.accountId, destination_id: key.destinationId, table_name: key.tableName });

function toProgress(row: TableVerificationRow): VerificationProgress | undefined {
  if (!row.current_scope || row.current_through === null || row.current_cursor === null || !row.current_started_at) return undefined;
  return {
    scope: row.current_scope,
    from: row.current_from === null ? null : Number(row.current_from),
    through: Number(row.current_through),
    cursor: Number(row.current_cursor),
    found: row.current_found,
    repaired: row.current_repaired,
    startedAt: row.current_started_at,
  };
}

/**
 * The table's verification in progress (a job delayed by the rate budget, or one that yielded its
 * worker, goes on where it stood), or a new one over `range` when none is. Undefined when a check
 * of that scope completed at or after `doneSince` (the job's own earlier slice did it).
 */
export async function startOrResume(
  db: Db,
  key: VerificationKey & { environmentId: string },
  scope: VerifyScope,
  range: { from: number | null; through: number },
  doneSince: Date,
): Promise<VerificationProgress | undefined> {
  const existing = (await db(TABLES.tableVerifications).where(keyOf(key)).first()) as TableVerificationRow | undefined;
  const current = existing && toProgress(existing);
  if (current) return current;
  const lastDone = scope === 'full' ? existing?.full_verified_at : existing?.recent_verified_at;
  if (lastDone && lastDone.getTime() >= doneSince.getTime()) return undefined;
  const fresh = {
    current_scope: scope,
    current_from: range.from,
    current_through: range.through,
    current_cursor: range.through,
    current_found: 0,
    current_repaired: 0,
    current_started_at: db.fn.now(),
    updated_at: db.fn.now(),
  };
  const [row] = (await db(TABLES.tableVerifications)
    .insert({ ...keyOf(key), environment_id: key.environmentId, ...fresh })
    .onConflict(['account_id', 'destination_id', 'table_name'])
    .merge(fresh)
    .returning('*')) as TableVerificationRow[];
  return toProgress(row as TableVerificationRow) as VerificationProgress;
}

/** A window is done: the walk goes on below `cursor`, with its drift counted. */
export async function saveWindow(db: Db, key: VerificationKey, cursor: number, drift: { found: number; repaired: number }): Promise<void> {
  await db(TABLES.tableVerifications)
    .where(keyOf(key))
    .update({
      current_cursor: cursor,
      current_found: db.raw('current_found + ?', [drift.found]),
      current_repaired: db.raw('current_repaired + ?', [drift.repaired]),
      updated_at: db.fn.now(),
    });
}

/** The walk reached the range's start: the check becomes the table's last verification. */
export async function completeVerification(db: Db, key: VerificationKey, progress: VerificationProgress): Promise<void> {
  await db(TABLES.tableVerifications)
    .where(keyOf(key))
    .update({
      verified_at: db.fn.now(),
      verified_scope: progress.scope,
      verified_from: progress.from,
      verified_through: progress.through,
      drift_found: db.raw('current_found'),
      drift_repaired: db.raw('current_repaired'),
      // A full check covers the recent window too.
      ...(progress.scope === 'full' ? { full_verified_at: db.fn.now() } : {}),
      recent_verified_at: db.fn.now(),
      current_scope: null,
      current_from: null,
      current_through: null,
      current_cursor: null,
      current_found: 0,
      current_repaired: 0,
      current_started_at: null,
      updated_at: db.fn.now(),
    });
}
