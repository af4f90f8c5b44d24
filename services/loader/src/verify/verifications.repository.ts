import { TABLES, type Knex, type TableVerificationRow } from '@datasync/db';
import type { VerifyScope } from '@datasync/queue';

type Db = Knex | Knex.Transaction;

/** One table of one account in one destination. */
export interface VerificationKey {
  accountId: string;
  destinationId: string;
  tableName: string;
}

/** A `created` range still to walk (unix seconds, [gte, lt)); `lt` moves down as windows are done. */
export interface VerificationPart {
  gte: number;
  lt: number;
}

/** A verification in progress: its `created` range and where each of its parts stands (unix seconds). */
export interface VerificationProgress {
  scope: VerifyScope;
  /** Inclusive lower bound; null: from the first object. */
  from: number | null;
  /** Exclusive upper bound of the whole check. */
  through: number;
  /** Walked side by side; a part is done when its `lt` reached its `gte`. */
  parts: VerificationPart[];
  found: number;
  repaired: number;
  startedAt: Date;
}

const keyOf = (key: VerificationKey) => ({ account_id: key.accountId, destination_id: key.destinationId, table_name: key.tableName });

// The check begun at `startedAt`: Postgres keeps microseconds and a JS Date milliseconds (truncated
// through a float on the way back), so a millisecond either side is the same check.
const sameCheck = (startedAt: Date) =>
  [
    "current_started_at > ?::timestamptz - interval '1 millisecond' and current_started_at < ?::timestamptz + interval '1 millisecond'",
    [startedAt, startedAt],
  ] as const;

function toProgress(row: TableVerificationRow): VerificationProgress | undefined {
  if (!row.current_scope || row.current_through === null || !row.current_parts || !row.current_started_at) return undefined;
  return {
    scope: row.current_scope,
    from: row.current_from === null ? null : Number(row.current_from),
    through: Number(row.current_through),
    parts: row.current_parts,
    found: row.current_found,
    repaired: row.current_repaired,
    startedAt: row.current_started_at,
  };
}

/**
 * `count` parts of equal length over [from, through); `oldest` (the table's load's lower bound)
 * places the cuts when the range has no start. The oldest part always reaches down to `from`
 * (0: everything), so nothing older than the load's bound is left out.
 */
export function splitRange(range: { from: number | null; through: number }, oldest: number, count: number): VerificationPart[] {
  const low = range.from ?? Math.min(oldest, range.through - 1);
  const step = Math.max(1, Math.ceil((range.through - low) / count));
  const parts: VerificationPart[] = [];
  for (let lt = range.through; lt > low; lt -= step) parts.push({ gte: Math.max(low, lt - step), lt });
  if (parts.length === 0) parts.push({ gte: low, lt: range.through });
  (parts[parts.length - 1] as VerificationPart).gte = range.from ?? 0;
  return parts;
}

/**
 * The table's verification in progress (a job delayed by the rate budget, or one that yielded its
 * worker, goes on where it stood), or a new one over `range` when none is. Undefined when a check
 * of that scope completed at or after `doneSince` (the job's own earlier slice did it). Two runs
 * starting at once (a stalled job run again) share one check: a new one replaces only a row with
 * no check in progress, and the run that finds one begun meanwhile resumes it.
 */
export async function startOrResume(
  db: Db,
  key: VerificationKey & { environmentId: string },
  scope: VerifyScope,
  range: { from: number | null; through: number; parts: VerificationPart[] },
  doneSince: Date,
): Promise<VerificationProgress | undefined> {
  for (;;) {
    const existing = (await db(TABLES.tableVerifications).where(keyOf(key)).first()) as TableVerificationRow | undefined;
    const current = existing && toProgress(existing);
    if (current) return current;
    const lastDone = scope === 'full' ? existing?.full_verified_at : existing?.recent_verified_at;
    if (lastDone && lastDone.getTime() >= doneSince.getTime()) return undefined;
    const fresh = {
      current_scope: scope,
      current_from: range.from,
      current_through: range.through,
      current_parts: JSON.stringify(range.parts),
      current_found: 0,
      current_repaired: 0,
      current_started_at: db.fn.now(),
      updated_at: db.fn.now(),
    };
    const [row] = (await db(TABLES.tableVerifications)
      .insert({ ...keyOf(key), environment_id: key.environmentId, ...fresh })
      .onConflict(['account_id', 'destination_id', 'table_name'])
      .merge(fresh)
      .whereNull(`${TABLES.tableVerifications}.current_scope`)
      .returning('*')) as TableVerificationRow[];
    if (row) return toProgress(row) as VerificationProgress;
  }
}

/** The oldest `created` a completed load of the table covered (its run's lower bound). */
export async function loadedSince(db: Db, key: VerificationKey): Promise<number | undefined> {
  const row = (await db(TABLES.runs)
    .where({ account_id: key.accountId, destination_id: key.destinationId, table_name: key.tableName, status: 'completed' })
    .min({ low: 'lower_bound' })
    .first()) as { low: string | null } | undefined;
  return row?.low === null || row?.low === undefined ? undefined : Number(row.low);
}

/**
 * A window of part `index` is done: that part goes on below `lt`, with the window's drift counted.
 * Only while the part still stood above `lt` in this same check: false when another run of the
 * job (a stalled one run again) saved that window or a later one first, or a new check replaced
 * this one. That run counted the window's drift, so this one must not; it stops walking the part.
 */
export async function saveWindow(
  db: Db,
  key: VerificationKey,
  check: { startedAt: Date; index: number },
  lt: number,
  drift: { found: number; repaired: number },
): Promise<boolean> {
  const { index } = check;
  const saved = await db(TABLES.tableVerifications)
    .where(keyOf(key))
    .whereRaw(...sameCheck(check.startedAt))
    .whereRaw(`(current_parts -> ?::int ->> 'lt')::bigint > ?`, [index, lt])
    .update({
      // Parts save side by side: each statement changes only its own element, on the row as it is.
      current_parts: db.raw(`jsonb_set(current_parts, ?::text[], to_jsonb(?::bigint))`, [`{${index},lt}`, lt]),
      current_found: db.raw('current_found + ?', [drift.found]),
      current_repaired: db.raw('current_repaired + ?', [drift.repaired]),
      updated_at: db.fn.now(),
    });
  return saved === 1;
}

/**
 * Every part is walked: the check becomes the table's last verification. False when another run
 * of the job completed it first (or a new check replaced it): that run sends what follows.
 */
export async function completeVerification(db: Db, key: VerificationKey, progress: VerificationProgress): Promise<boolean> {
  const completed = await db(TABLES.tableVerifications)
    .where(keyOf(key))
    .whereRaw(...sameCheck(progress.startedAt))
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
      current_parts: null,
      current_found: 0,
      current_repaired: 0,
      current_started_at: null,
      updated_at: db.fn.now(),
    });
  return completed === 1;
}
