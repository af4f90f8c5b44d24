import { LOADER_STATUSES, TABLES, type Knex } from '@datasync/db';

/** Every status an account is counted under: the loader's own, then the two its row decides. */
export const ACCOUNT_STATUSES = [...LOADER_STATUSES, 'paused', 'deleting'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Upper bounds (seconds) of the freshness histogram's buckets: the poll intervals and the alert's 5 minutes among them. */
export const FRESHNESS_BUCKETS = [15, 30, 60, 120, 300, 600, 1_800, 3_600, 21_600, 86_400];

export interface FleetStats {
  /** Accounts per status, every status present (0 when none). */
  accounts: Record<AccountStatus, number>;
  freshness: {
    /** Accounts whose lag is at most each of FRESHNESS_BUCKETS, in its order (cumulative, as Prometheus buckets are). */
    buckets: number[];
    count: number;
    sum: number;
  };
  /** The accounts furthest behind, worst first. */
  worst: { account: string; lag: number }[];
}

/** Accounts per status; an account the loader has not seen yet counts as pending. */
async function accountsByStatus(knex: Knex): Promise<Record<AccountStatus, number>> {
  const rows = (await knex(`${TABLES.accounts} as a`)
    .leftJoin(`${TABLES.accountStates} as s`, 's.account_id', 'a.id')
    .select(
      knex.raw(
        "case when a.deleting_at is not null then 'deleting' when not a.active then 'paused' else coalesce(s.status, 'pending') end as status",
      ),
    )
    .count('* as n')
    .groupByRaw('1')) as { status: string; n: string }[];
  const counts = Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<AccountStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as AccountStatus] = Number(row.n);
  return counts;
}

/**
 * Each active account's lag (seconds since the oldest of its tables' last complete poll) summed
 * up in Postgres: the bucket counts, and the `worst` accounts. One grouped pass over the cursors.
 */
async function freshness(knex: Knex, worst: number): Promise<Pick<FleetStats, 'freshness' | 'worst'>> {
  const lags = knex(`${TABLES.eventCursors} as ec`)
    .join(`${TABLES.accounts} as a`, 'a.id', 'ec.account_id')
    .where('a.active', true)
    .whereNull('a.deleting_at')
    .whereNotNull('ec.polled_at')
    .groupBy('ec.account_id')
    .select('ec.account_id', knex.raw('extract(epoch from now() - min(ec.polled_at))::float8 as lag'));
  const bucketColumns = FRESHNESS_BUCKETS.map((le, i) => knex.raw(`count(*) filter (where lag <= ?) as b${i}`, [le]));
  const [summary] = (await knex
    .with('lags', lags)
    .from('lags')
    .select(knex.raw('count(*) as count'), knex.raw('coalesce(sum(lag), 0) as sum'), ...bucketColumns)) as Record<string, string>[];
  const worstRows = (await knex.with('lags', lags).from('lags').select('account_id', 'lag').orderBy('lag', 'desc').limit(worst)) as {
    account_id: string;
    lag: number;
  }[];
  return {
    freshness: {
      buckets: FRESHNESS_BUCKETS.map((_, i) => Number(summary?.[`b${i}`] ?? 0)),
      count: Number(summary?.count ?? 0),
      sum: Number(summary?.sum ?? 0),
    },
    worst: worstRows.map((r) => ({ account: r.account_id, lag: Number(r.lag) })),
  };
}

/** The fleet-wide figures: what one replica computes on a timer for all (fleetSnapshot.ts). */
export async function computeFleetStats(knex: Knex, worst: number): Promise<FleetStats> {
  const [accounts, lag] = await Promise.all([accountsByStatus(knex), freshness(knex, worst)]);
  return { accounts, ...lag };
}
