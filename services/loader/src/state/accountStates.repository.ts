import { TABLES, type AccountStateRow, type Knex, type LoaderStatus } from '@datasync/db';
import { emitStatusEvents, lockedStatus } from './statusEvents';

type Db = Knex | Knex.Transaction;

// The status a settled account shows: loading while a run is running, live once every run
// completed, idle when nothing is to be loaded. `error` is kept unless `clearError` is set.
const derivedStatus = `case
    when exists (select 1 from ${TABLES.runs} r where r.account_id = :accountId and r.status = 'running') then 'loading'
    when exists (select 1 from ${TABLES.runs} r where r.account_id = :accountId and r.status = 'completed') then 'live'
    else 'idle' end`;

/**
 * Sets the status from the account's runs (and refreshes its progress). An account in error stays
 * in error unless `clearError`: only a successful attach, which checked the credential and every
 * destination, or a committed page may say the cause is gone.
 */
export async function settleStatus(
  db: Db,
  account: { id: string; environmentId: string },
  options: { clearError?: boolean } = {},
): Promise<LoaderStatus> {
  // One transaction, so a reader never sees the new status with the old progress.
  if (!db.isTransaction) return db.transaction((trx) => settleStatus(trx, account, options));
  const before = await lockedStatus(db, account.id);
  const bindings = { accountId: account.id, environmentId: account.environmentId };
  const { rows } = (await db.raw(
    `insert into ${TABLES.accountStates} as s (account_id, environment_id, status)
     values (:accountId, :environmentId, ${derivedStatus})
     on conflict (account_id) do update set
       status = case when s.status = 'error' and not :clearError then 'error' else excluded.status end,
       reason = case when s.status = 'error' and not :clearError then s.reason else null end,
       error_code = case when s.status = 'error' and not :clearError then s.error_code else null end,
       next_retry_at = case when s.status = 'error' and not :clearError then s.next_retry_at else null end,
       poisoned_at = case when :clearError then null else s.poisoned_at end,
       updated_at = now()
     returning status`,
    { ...bindings, clearError: options.clearError === true },
  )) as { rows: { status: LoaderStatus }[] };
  await refreshProgress(db, account.id);
  const after = rows[0]?.status ?? 'idle';
  await emitStatusEvents(db, account.id, before, after);
  return after;
}

export interface FailureRecord {
  code: string;
  reason: string;
  /** The job gave up: the reconciler owns the next try, after a backoff. */
  gaveUp: boolean;
  /**
   * The job failed abnormally (docs/reliability.md, Poisoned jobs): no next try is scheduled and
   * verifications stop until a successful attach, or an operator, clears `poisoned_at`.
   */
  poisoned?: boolean;
  retry: { baseMs: number; maxMs: number };
}

/**
 * Shows the account as `error` with a reason. Once a job gives up, the next retry is scheduled
 * with exponential backoff from error_attempts, capped at retry.maxMs.
 */
export async function recordFailure(db: Db, account: { id: string; environmentId: string }, failure: FailureRecord): Promise<void> {
  if (!db.isTransaction) return db.transaction((trx) => recordFailure(trx, account, failure));
  const before = await lockedStatus(db, account.id);
  await db.raw(
    `insert into ${TABLES.accountStates} as s
       (account_id, environment_id, status, reason, error_code, error_attempts, next_retry_at, poisoned_at)
     values (:accountId, :environmentId, 'error', :reason, :code, case when :gaveUp then 1 else 0 end,
             case when :gaveUp and not :poisoned then now() + make_interval(secs => :baseMs / 1000.0) end,
             case when :poisoned then now() end)
     on conflict (account_id) do update set
       status = 'error', reason = :reason, error_code = :code,
       error_attempts = s.error_attempts + case when :gaveUp then 1 else 0 end,
       poisoned_at = case when :poisoned then now() else s.poisoned_at end,
       next_retry_at = case when :poisoned or s.poisoned_at is not null then null
         when :gaveUp
         then now() + make_interval(secs => least(:maxMs, :baseMs * power(2, least(s.error_attempts, 30))) / 1000.0)
         else s.next_retry_at end,
       updated_at = now()`,
    {
      accountId: account.id,
      environmentId: account.environmentId,
      reason: failure.reason,
      code: failure.code,
      gaveUp: failure.gaveUp,
      poisoned: failure.poisoned === true,
      baseMs: failure.retry.baseMs,
      maxMs: failure.retry.maxMs,
    },
  );
  await emitStatusEvents(db, account.id, before, 'error', { code: failure.code, message: failure.reason });
}

/**
 * Counts a committed page: rows loaded and the last sync time grow, and an account shown in error
 * is loading again, since data is flowing.
 */
export async function recordPage(db: Db, accountId: string, rows: number): Promise<void> {
  if (!db.isTransaction) return db.transaction((trx) => recordPage(trx, accountId, rows));
  // One statement per page in the usual case: Postgres re-checks `status <> 'error'` on the row it
  // locks to update, so when this updates a row, the account was not in error (no event is owed).
  const counted = await db(TABLES.accountStates)
    .where({ account_id: accountId })
    .whereNot({ status: 'error' })
    .whereNull('poisoned_at')
    .update({ rows_loaded: db.raw('rows_loaded + ?', [rows]), last_synced_at: db.fn.now(), updated_at: db.fn.now() });
  if (counted > 0) return;
  const before = await lockedStatus(db, accountId);
  // A poisoned account stays in error (its count still grows): only an attach or an operator clears it.
  const poisoned = await db(TABLES.accountStates).where({ account_id: accountId }).whereNotNull('poisoned_at').first('account_id');
  if (poisoned) {
    await db(TABLES.accountStates)
      .where({ account_id: accountId })
      .update({ rows_loaded: db.raw('rows_loaded + ?', [rows]), last_synced_at: db.fn.now(), updated_at: db.fn.now() });
    return;
  }
  await db(TABLES.accountStates)
    .where({ account_id: accountId })
    .update({
      rows_loaded: db.raw('rows_loaded + ?', [rows]),
      last_synced_at: db.fn.now(),
      status: db.raw(`case when status = 'error' then 'loading' else status end`),
      reason: db.raw(`case when status = 'error' then null else reason end`),
      error_code: db.raw(`case when status = 'error' then null else error_code end`),
      error_attempts: db.raw(`case when status = 'error' then 0 else error_attempts end`),
      next_retry_at: db.raw(`case when status = 'error' then null else next_retry_at end`),
      updated_at: db.fn.now(),
    });
  if (before === 'error') await emitStatusEvents(db, accountId, before, 'loading');
}

/**
 * Accounts in error whose retry is due, claimed by pushing their next retry one backoff further
 * (so a concurrent reconciler does not take them too); the retry itself reschedules on failure.
 */
export async function claimDueRetries(db: Db, limit: number, retry: { baseMs: number; maxMs: number }): Promise<string[]> {
  const { rows } = (await db.raw(
    `update ${TABLES.accountStates} s set
       next_retry_at = now() + make_interval(secs => least(:maxMs, :baseMs * power(2, least(s.error_attempts, 30))) / 1000.0),
       updated_at = now()
     where s.account_id in (
       select account_id from ${TABLES.accountStates}
       where status = 'error' and next_retry_at <= now()
       order by next_retry_at limit :limit for update skip locked)
     returning s.account_id`,
    { limit, baseMs: retry.baseMs, maxMs: retry.maxMs },
  )) as { rows: { account_id: string }[] };
  return rows.map((r) => r.account_id);
}

/** The account's state row, as libs/accounts reads it. */
export async function findAccountState(db: Db, accountId: string): Promise<AccountStateRow | undefined> {
  return (await db(TABLES.accountStates).where({ account_id: accountId }).first()) as AccountStateRow | undefined;
}

/**
 * Rewrites the per-collection progress from the account's latest run per collection: table,
 * status, rows, segments done and total, the run's frozen upper bound and its warnings.
 */
export async function refreshProgress(db: Db, accountId: string): Promise<void> {
  await db.raw(
    `update ${TABLES.accountStates} st set progress = coalesce((
       select jsonb_object_agg(p.collection_id, p.item) from (
         select r.collection_id, jsonb_build_object(
           'table', r.table_name, 'resource_type', r.resource_type, 'sync_id', r.sync_id,
           'destination_id', r.destination_id, 'run_id', r.id, 'status', r.status,
           'rows_written', coalesce((select sum(s.rows_written) from ${TABLES.segments} s where s.run_id = r.id), 0),
           'segments_done', (select count(*) from ${TABLES.segments} s where s.run_id = r.id and s.status = 'done'),
           'segments_total', (select count(*) from ${TABLES.segments} s where s.run_id = r.id),
           'upper_bound', r.upper_bound, 'started_at', r.started_at, 'completed_at', r.completed_at,
           'warnings', r.warnings) as item
         from (select distinct on (collection_id) * from ${TABLES.runs} where account_id = :accountId
               order by collection_id, started_at desc) r
       ) p), '{}'::jsonb), updated_at = now()
     where st.account_id = :accountId`,
    { accountId },
  );
}

/** Creates the account's state row as `pending` (there is work, no run yet) unless it exists; true when it did. */
export async function ensureStateRow(db: Db, account: { id: string; environmentId: string }): Promise<boolean> {
  const inserted = (await db(TABLES.accountStates)
    .insert({ account_id: account.id, environment_id: account.environmentId, status: 'pending' })
    .onConflict('account_id')
    .ignore()
    .returning('account_id')) as unknown[];
  return inserted.length > 0;
}

/**
 * Records that the resync requested at `requestedAt` was taken (its runs started, or none was
 * needed), so the reconciler does not start it again. Never moves back past a later request.
 */
export async function recordResyncTaken(db: Db, account: { id: string; environmentId: string }, requestedAt: Date): Promise<void> {
  await ensureStateRow(db, account);
  await db(TABLES.accountStates)
    .where({ account_id: account.id })
    .where((q) => q.whereNull('resync_taken_at').orWhere('resync_taken_at', '<', requestedAt))
    .update({ resync_taken_at: requestedAt, updated_at: db.fn.now() });
}
