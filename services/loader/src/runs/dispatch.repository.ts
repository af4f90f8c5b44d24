import { TABLES, type Knex } from '@datasync/db';
import { SEGMENT_TRANSITIONS, segmentFrom } from './runStates';
import type { SegmentRef } from './segments.repository';

/**
 * `dispatch`: marks up to (cap − in flight) of the account's pending segments as queued and
 * returns them, for the caller to enqueue after the commit. An advisory lock per account
 * serialises dispatchers, so the cap holds across loader processes. Oldest runs first, then
 * segment order. When fewer are pending than there is room for, the running segments with the
 * most left to read are asked to split (`split_wanted`; their holder splits at its next commit,
 * see commitPage): so the end of a backfill keeps as many requests in flight as its middle.
 */
export async function takeSegmentsToDispatch(knex: Knex, accountId: string, cap: number, splitMinRows: number): Promise<SegmentRef[]> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`segments-dispatch:${accountId}`]);
    const [{ count }] = (await trx(TABLES.segments).where({ account_id: accountId, status: 'queued' }).count({ count: '*' })) as [
      { count: string },
    ];
    const free = cap - Number(count);
    if (free <= 0) return [];
    const picked = (await trx(`${TABLES.segments} as s`)
      .join(`${TABLES.runs} as r`, 'r.id', 's.run_id')
      .join(`${TABLES.accounts} as a`, 'a.id', 's.account_id')
      .join(`${TABLES.collections} as c`, 'c.id', 'r.collection_id')
      .where({ 's.account_id': accountId, 's.status': 'pending', 'r.status': 'running', 'r.planned': true, 'a.active': true })
      .whereNull('a.deleting_at')
      .whereNull('c.unmounted_at')
      .orderBy([{ column: 'r.started_at' }, { column: 's.run_id' }, { column: 's.n' }])
      .limit(free)
      .select('s.run_id', 's.n')) as { run_id: string; n: number }[];
    for (const p of picked) {
      await trx(TABLES.segments)
        .where({ run_id: p.run_id, n: p.n })
        .whereIn('status', segmentFrom('dispatch'))
        .update({ status: SEGMENT_TRANSITIONS.dispatch.to, queued_at: trx.fn.now(), updated_at: trx.fn.now() });
    }
    if (picked.length < free) await askForSplits(trx, accountId, free - picked.length, splitMinRows);
    return picked.map((p) => ({ runId: p.run_id, n: p.n, accountId }));
  });
}

/**
 * Sets `split_wanted` on up to `count` of the account's reading segments with the most rows a
 * split would hand over (at least `minRows`, as their connector estimated at their last commit).
 */
async function askForSplits(trx: Knex.Transaction, accountId: string, count: number, minRows: number): Promise<void> {
  const candidates = trx(`${TABLES.segments} as s`)
    .join(`${TABLES.runs} as r`, 'r.id', 's.run_id')
    .where({ 's.account_id': accountId, 's.status': 'queued', 's.split_wanted': false, 'r.status': 'running' })
    .where('s.splittable_rows', '>=', Math.max(1, minRows))
    .orderBy('s.splittable_rows', 'desc')
    .limit(count)
    .select('s.run_id', 's.n');
  await trx(TABLES.segments).whereIn(['run_id', 'n'], candidates).update({ split_wanted: true });
}

/** The mode and budget share of the source the account reads through, or undefined when it is gone. */
export async function budgetShareOf(knex: Knex, accountId: string): Promise<{ livemode: boolean; percent: number } | undefined> {
  const row = (await knex(`${TABLES.accounts} as a`)
    .join(`${TABLES.sources} as s`, 's.id', 'a.source_id')
    .where('a.id', accountId)
    .first('s.livemode', 's.rate_budget_percent')) as { livemode: boolean; rate_budget_percent: number } | undefined;
  return row && { livemode: row.livemode, percent: row.rate_budget_percent };
}
