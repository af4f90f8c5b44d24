import { TABLES, type Knex } from '@datasync/db';
import type { EngineName } from '@datasync/destinations';

/** A table that may hold the account's rows, and the syncs that loaded the account into it (its rightful owners). */
export interface PurgeTable {
  table: string;
  syncIds: string[];
}

/** A destination and the tables of it that may hold the account's rows. */
export interface PurgeDestination {
  destinationId: string;
  name: string;
  engine: EngineName;
  /** Sealed: never log it. */
  connectionSecret: string;
  tables: PurgeTable[];
}

/**
 * Every table the account's syncs write or wrote: every table a run of it ever loaded (recorded in
 * account_tables when the run started, kept after the run and its sync are deleted) and every
 * collection of the syncs on its source, unmounted ones included (unmounting keeps the table and
 * its rows).
 */
export async function purgeDestinations(
  knex: Knex,
  account: { id: string; sourceId: string; environmentId: string },
): Promise<PurgeDestination[]> {
  const { rows } = (await knex.raw(
    `select d.id as destination_id, d.name, d.engine, d.connection_secret, t.table_name, t.sync_id
     from (
       select k.destination_id, k.table_name, k.sync_id from ${TABLES.accountTables} k where k.account_id = :accountId
       union
       select y.destination_id, c.table_name, y.id from ${TABLES.syncs} y
       join ${TABLES.collections} c on c.sync_id = y.id
       where y.source_id = :sourceId and y.environment_id = :environmentId
     ) t
     join ${TABLES.destinations} d on d.id = t.destination_id
     order by d.id, t.table_name, t.sync_id`,
    { accountId: account.id, sourceId: account.sourceId, environmentId: account.environmentId },
  )) as {
    rows: { destination_id: string; name: string; engine: EngineName; connection_secret: string; table_name: string; sync_id: string }[];
  };
  const byDestination = new Map<string, PurgeDestination>();
  for (const row of rows) {
    const found = byDestination.get(row.destination_id);
    if (found) {
      const last = found.tables[found.tables.length - 1];
      if (last?.table === row.table_name) last.syncIds.push(row.sync_id);
      else found.tables.push({ table: row.table_name, syncIds: [row.sync_id] });
    } else {
      byDestination.set(row.destination_id, {
        destinationId: row.destination_id,
        name: row.name,
        engine: row.engine,
        connectionSecret: row.connection_secret,
        tables: [{ table: row.table_name, syncIds: [row.sync_id] }],
      });
    }
  }
  return [...byDestination.values()];
}

export interface SegmentLeases {
  /** Leases not run out yet: a job may be reading and writing under them. */
  live: number;
  /**
   * Milliseconds until every lease that ran out without being given back is older than
   * `writeGraceMs`; 0 when there is none or all are.
   */
  lapsedWaitMs: number;
}

/** The account's segment leases, as the purge must wait them out. */
export async function segmentLeases(knex: Knex, accountId: string, writeGraceMs: number): Promise<SegmentLeases> {
  const [row] = (await knex(TABLES.segments)
    .where({ account_id: accountId })
    .whereNotNull('lease_token')
    .select(
      knex.raw('count(*) filter (where leased_until > now()) as live'),
      knex.raw(
        `coalesce(ceil(extract(epoch from max(leased_until) filter (where leased_until <= now()) + make_interval(secs => ?) - now()) * 1000), 0) as lapsed_wait_ms`,
        [writeGraceMs / 1000],
      ),
    )) as unknown as [{ live: string; lapsed_wait_ms: string }];
  return { live: Number(row.live), lapsedWaitMs: Math.max(0, Number(row.lapsed_wait_ms)) };
}
