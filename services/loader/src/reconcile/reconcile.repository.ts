import { TABLES, type Knex } from '@datasync/db';

/**
 * Accounts that should be attached and are not being loaded: active ones with no state row (their
 * enqueue may have been lost with Redis), `pending` ones left behind, ones with a mounted
 * collection that has no run (a lost `collection.mounted`), and runs whose head never got planned.
 * Accounts in error are left to their own retry schedule.
 */
export async function accountsNeedingAttach(knex: Knex, options: { graceMs: number; limit: number }): Promise<string[]> {
  const { rows } = (await knex.raw(
    `select a.id from ${TABLES.accounts} a
     left join ${TABLES.accountStates} st on st.account_id = a.id
     where a.active and a.deleting_at is null
       and a.updated_at < now() - make_interval(secs => :grace)
       and (
         st.account_id is null
         or (st.status = 'pending' and st.updated_at < now() - make_interval(secs => :grace))
         or (st.status <> 'error' and exists (
               select 1 from ${TABLES.syncs} y
               join ${TABLES.collections} c on c.sync_id = y.id and c.unmounted_at is null
               where y.source_id = a.source_id and y.environment_id = a.environment_id
                 and not exists (
                   select 1 from ${TABLES.runs} r
                   where r.account_id = a.id and r.destination_id = y.destination_id
                     and r.table_name = c.table_name and r.status in ('running', 'completed'))))
         or (st.status <> 'error' and exists (
               select 1 from ${TABLES.runs} r
               where r.account_id = a.id and r.status = 'running' and not r.planned
                 and r.updated_at < now() - make_interval(secs => :grace)))
       )
     order by a.updated_at
     limit :limit`,
    { grace: options.graceMs / 1000, limit: options.limit },
  )) as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}

/**
 * Accounts with a resync requested and not yet taken (its job lost with Redis, or its enqueue
 * failed), older than the grace. Being deleted: nothing to resync.
 */
export async function accountsWithUntakenResync(knex: Knex, options: { graceMs: number; limit: number }): Promise<string[]> {
  return (await knex(`${TABLES.accounts} as a`)
    .leftJoin(`${TABLES.accountStates} as st`, 'st.account_id', 'a.id')
    .whereNotNull('a.resync_requested_at')
    .whereNull('a.deleting_at')
    .where('a.resync_requested_at', '<', knex.raw('now() - make_interval(secs => ?)', [options.graceMs / 1000]))
    .where((q) => q.whereNull('st.resync_taken_at').orWhere('st.resync_taken_at', '<', knex.ref('a.resync_requested_at')))
    .orderBy('a.resync_requested_at')
    .limit(options.limit)
    .pluck('a.id')) as string[];
}
