import type { Knex } from '@datasync/db';
import type { createRedisConnection } from '@datasync/queue';
import { cpuSeconds, machineCpuSeconds } from '../procStats';

type Redis = ReturnType<typeof createRedisConnection>;

// What one machine's resources look like at an instant, read from outside the services: Redis
// INFO, Postgres's statistics views, /proc. Two snapshots give a window's deltas.

export interface RedisSnapshot {
  usedMemory: number;
  /** used_cpu_user + used_cpu_sys of the server, seconds. */
  cpuSeconds: number;
  commands: number;
}

/** The whole Redis server's memory, CPU and commands (INFO): shared with whatever else uses it. */
export async function redisSnapshot(redis: Redis): Promise<RedisSnapshot> {
  const info = await redis.info();
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return {
    usedMemory: field('used_memory'),
    cpuSeconds: field('used_cpu_user') + field('used_cpu_sys'),
    commands: field('total_commands_processed'),
  };
}

/** Keys under the run's queue prefix and their MEMORY USAGE summed: this run's share of Redis alone. */
export async function prefixMemory(redis: Redis, prefix: string): Promise<{ keys: number; bytes: number }> {
  let cursor = '0';
  let keys = 0;
  let bytes = 0;
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
    cursor = next;
    if (batch.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of batch) pipeline.memory('USAGE', key);
    for (const [, value] of (await pipeline.exec()) ?? []) bytes += Number(value ?? 0);
    keys += batch.length;
  } while (cursor !== '0');
  return { keys, bytes };
}

export interface PgSnapshot {
  /** n_tup_ins + n_tup_upd + n_tup_del over the database's tables. */
  inserted: number;
  updated: number;
  deleted: number;
  /** Inserts + updates + deletes per table. */
  tableWrites: Map<string, number>;
  /** Exact row counts per table (those with rows). */
  rows: Map<string, number>;
  /** CPU seconds of the database's server processes (backends) now connected, by pid. */
  backendCpu: Map<number, number>;
}

/** One database's write counters, row counts and its backends' CPU (`pg_stat_user_tables`, `pg_stat_activity`, /proc). */
export async function pgSnapshot(knex: Knex): Promise<PgSnapshot> {
  // A fresh statistics snapshot: within a transaction Postgres would keep serving the first one.
  const tables = (
    await knex.raw(
      `select relname, n_tup_ins::bigint as ins, n_tup_upd::bigint as upd, n_tup_del::bigint as del
         from pg_stat_user_tables where schemaname = 'public'`,
    )
  ).rows as { relname: string; ins: string; upd: string; del: string }[];
  const rows = new Map<string, number>();
  for (const t of tables) {
    const [row] = (await knex(t.relname).count({ n: '*' })) as { n: string }[];
    if (Number(row?.n) > 0) rows.set(t.relname, Number(row?.n));
  }
  const pids = (await knex.raw(`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`))
    .rows as { pid: number }[];
  const backendCpu = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      backendCpu.set(pid, cpuSeconds(pid));
    } catch {
      // Gone between the query and the read, or not readable: leaves it out.
    }
  }
  return {
    inserted: tables.reduce((s, t) => s + Number(t.ins), 0),
    updated: tables.reduce((s, t) => s + Number(t.upd), 0),
    deleted: tables.reduce((s, t) => s + Number(t.del), 0),
    tableWrites: new Map(tables.map((t) => [t.relname, Number(t.ins) + Number(t.upd) + Number(t.del)])),
    rows,
    backendCpu,
  };
}

/** CPU seconds the database's backends used between two snapshots (a backend new in `after` counts from 0). */
export function backendCpuDelta(before: PgSnapshot, after: PgSnapshot): number {
  let sum = 0;
  for (const [pid, seconds] of after.backendCpu) sum += seconds - (before.backendCpu.get(pid) ?? 0);
  return sum;
}

export const writes = (s: PgSnapshot) => s.inserted + s.updated + s.deleted;

/** Writes per table between two snapshots, most first: "event_cursors 2000, account_states 1000". */
export function writesByTable(before: PgSnapshot, after: PgSnapshot): string {
  return [...after.tableWrites]
    .map(([table, n]) => [table, n - (before.tableWrites.get(table) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1])
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
}

export interface ProcessSnapshot {
  /** CPU seconds per named process (`loader 1`, `accounts-api`, `emulator`). */
  cpu: Map<string, number>;
  machine: { busy: number; total: number };
  at: number;
}

export function processSnapshot(processes: { name: string; pid: number }[]): ProcessSnapshot {
  return { cpu: new Map(processes.map((p) => [p.name, cpuSeconds(p.pid)])), machine: machineCpuSeconds(), at: Date.now() };
}

export interface LoaderMetrics {
  /** Every active account's poll lag by id, read from the control plane (the loaders export only the worst). */
  lags: Map<string, number>;
  /** Poll jobs run and seconds spent in them, summed over the loaders; undefined when no loader reports any. */
  polls?: { count: number; seconds: number };
}

/**
 * Every active account's poll lag, as the loaders' fleet snapshot computes it (the age of the
 * oldest of its tables' last complete poll), but for each account: the loaders' /metrics name the
 * worst few only (LOADER_METRICS_WORST_ACCOUNTS), and the bench judges every account.
 */
async function accountLags(knex: Knex): Promise<Map<string, number>> {
  const rows = (await knex('event_cursors as ec')
    .join('accounts as a', 'a.id', 'ec.account_id')
    .where('a.active', true)
    .whereNull('a.deleting_at')
    .whereNotNull('ec.polled_at')
    .groupBy('ec.account_id')
    .select('ec.account_id', knex.raw('extract(epoch from now() - min(ec.polled_at))::float8 as lag'))) as {
    account_id: string;
    lag: number;
  }[];
  return new Map(rows.map((r) => [r.account_id, Number(r.lag)]));
}

/** Every account's poll lag (the control plane) and the poll jobs' time (the loaders' /metrics, all of them). */
export async function loaderMetrics(urls: string[], knex: Knex): Promise<LoaderMetrics> {
  const lags = await accountLags(knex);
  let polls: { count: number; seconds: number } | undefined;
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    for (const line of text.split('\n')) {
      const job = /^datasync_loader_job_duration_seconds_(count|sum)\{job="account\.poll",[^}]*\} ([0-9.e+-]+)$/.exec(line);
      if (job) {
        polls ??= { count: 0, seconds: 0 };
        if (job[1] === 'count') polls.count += Number(job[2]);
        else polls.seconds += Number(job[2]);
      }
    }
  }
  return { lags, ...(polls ? { polls } : {}) };
}
