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
    loaderMetrics(system.loaders.map((l) => l.url)),
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
  /** Accounts the gauge reported, at the last sample. */
  reported: number;
}

/** Reads the loaders' poll-lag gauge every `everyMs` until stopped. */
export function sampleLags(system: ScaleSystem, everyMs: number): { stop(): Promise<LagSamples> } {
  const samples: LagSamples = { p95: [], max: [], reported: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { lags } = await loaderMetrics(system.loaders.map((l) => l.url)).catch(() => ({ lags: [] as number[] }));
      if (lags.length > 0) {
        samples.p95.push(percentile(lags, 95));
        samples.max.push(Math.max(...lags));
        samples.reported = lags.length;
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
