import { TABLES, type Knex } from '@datasync/db';
import { SEGMENT_TRANSITIONS, segmentFrom } from './runStates';
import type { SegmentRef } from './segments.repository';

/**
 * `dispatch`: marks up to (cap − in flight) of the account's pending segments as queued and
 * returns them, for the caller to enqueue after the commit. An advisory lock per account
 * serialises dispatchers, so the cap holds across loader processes. Oldest runs first, then
 * segment order.
 */
export async function takeSegmentsToDispatch(knex: Knex, accountId: string, cap: number): Promise<SegmentRef[]> {
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
    return picked.map((p) => ({ runId: p.run_id, n: p.n, accountId }));
  });
}
