import { TABLES } from '@datasync/db';
import type { createRedisConnection } from '@datasync/queue';
import { percentile } from '../percentile';
import { mapBounded } from './pool';
import {
  loaderMetrics,
  pgSnapshot,
  processSnapshot,
  redisSnapshot,
  type LoaderMetrics,
  type PgSnapshot,
  type ProcessSnapshot,
  type RedisSnapshot,
} from './resources';
import type { AccountStats, ScaleAccount, ScaleSystem } from './system';

type Redis = ReturnType<typeof createRedisConnection>;

/** Everything the bench reads at the edges of a window. */
export interface Snapshot {
  redis: RedisSnapshot;
  controlPlane: PgSnapshot;
  destination: PgSnapshot;
  processes: ProcessSnapshot;
  loader: LoaderMetrics;
  /** The emulator's count per account. */
  stats: Map<string, AccountStats>;
}

export async function takeSnapshot(system: ScaleSystem, redis: Redis, accounts: ScaleAccount[]): Promise<Snapshot> {
  const processes = processSnapshot([
    ...system.loaders.map((l, i) => ({ name: `loader ${i + 1}`, pid: l.pid })),
    { name: 'accounts-api', pid: system.api.pid },
    { name: 'emulator', pid: system.stack.emulator.pid },
  ]);
  const [redisNow, controlPlane, destination, loader] = await Promise.all([
    redisSnapshot(redis),
    pgSnapshot(system.stack.knex),
    pgSnapshot(system.stack.destination),
    loaderMetrics(
      system.loaders.map((l) => l.url),
      system.stack.knex,
    ),
  ]);
  const stats = await mapBounded(accounts, 32, (a) => system.stats(a));
  return {
    redis: redisNow,
    controlPlane,
    destination,
    processes,
    loader,
    stats: new Map(accounts.map((a, i) => [a.id, stats[i] as AccountStats])),
  };
}

export interface LagSamples {
  /** Per sample: the p95 and the largest poll lag over the accounts, s. */
  p95: number[];
  max: number[];
  /** Per sample: the largest lag as a multiple of the account's own poll interval. */
  maxOfInterval: number[];
  /** Accounts the gauge reported, at the last sample. */
  reported: number;
  /** Accounts per poll interval (ms) the loader recorded for them, at the last sample. */
  intervals: Map<number, number>;
}

/**
 * Reads the loaders' poll-lag gauge every `everyMs` until stopped, each account's lag against the
 * poll interval the loader recorded for it (`account_poll_modes`; `defaultIntervalMs` without a
 * row): an account polled every minute is not behind at a lag of 30 s. The intervals are read
 * before and after the gauge, and an account is judged against the longer of the two: the poll
 * that finds an idle account's first change moves it from 1 min to 15 s, and a gauge read just
 * before that poll committed holds the lag it ran up at 1 min.
 */
export function sampleLags(system: ScaleSystem, everyMs: number, defaultIntervalMs: number): { stop(): Promise<LagSamples> } {
  const samples: LagSamples = { p95: [], max: [], maxOfInterval: [], reported: 0, intervals: new Map() };
  let running = true;
  const loop = (async () => {
    while (running) {
      const before = await pollIntervals(system).catch(() => new Map<string, number>());
      const { lags } = await loaderMetrics(
        system.loaders.map((l) => l.url),
        system.stack.knex,
      ).catch(() => ({ lags: new Map<string, number>() }));
      const after = await pollIntervals(system).catch(() => new Map<string, number>());
      const recorded = new Map([...after].map(([id, ms]) => [id, Math.max(ms, before.get(id) ?? ms)]));
      if (lags.size > 0) {
        const values = [...lags.values()];
        samples.p95.push(percentile(values, 95));
        samples.max.push(Math.max(...values));
        samples.maxOfInterval.push(Math.max(...[...lags].map(([id, lag]) => (1000 * lag) / (recorded.get(id) ?? defaultIntervalMs))));
        samples.reported = lags.size;
        samples.intervals = new Map();
        for (const id of lags.keys()) {
          const interval = recorded.get(id) ?? defaultIntervalMs;
          samples.intervals.set(interval, (samples.intervals.get(interval) ?? 0) + 1);
        }
      }
      const until = Date.now() + everyMs;
      while (running && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** The poll interval the loader recorded for each account (`account_poll_modes`). */
export async function pollIntervals(system: ScaleSystem): Promise<Map<string, number>> {
  const rows = (await system.stack.knex(TABLES.accountPollModes).select('account_id', 'interval_ms')) as {
    account_id: string;
    interval_ms: number;
  }[];
  return new Map(rows.map((r) => [r.account_id, Number(r.interval_ms)]));
}
