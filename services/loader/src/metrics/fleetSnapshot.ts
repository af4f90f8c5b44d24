import { randomUUID } from 'node:crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { RedisConnection } from '@datasync/queue';
import { computeFleetStats, type FleetStats } from './fleetStats.repository';

export interface FleetSnapshot extends FleetStats {
  /** Epoch ms the figures were computed at. */
  at: number;
}

export interface FleetSnapshotOptions {
  /** Redis key of the snapshot; its lock is `<key>:lock`. */
  key: string;
  /** How often the fleet computes the figures (LOADER_FLEET_METRICS_INTERVAL_MS). */
  intervalMs: number;
  /** Accounts the per-account lag series name (LOADER_METRICS_WORST_ACCOUNTS). */
  worst: number;
}

/**
 * The figures every loader's /metrics serves about all accounts (statuses, freshness, the worst
 * lags), computed once per interval for the whole fleet: each replica's timer tries to take a
 * lock that lasts the interval, and the one that gets it runs the queries and stores the result
 * in Redis, where every replica's scrape reads it (one GET). Postgres sees the grouped queries
 * once per interval however many replicas and scrapes there are. The snapshot expires after three
 * intervals, so figures nobody refreshes (Postgres down) disappear rather than stay frozen.
 */
export class FleetSnapshotPublisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly knex: Knex,
    private readonly options: FleetSnapshotOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Computes and stores the snapshot if no replica has within the interval; true when this one did. */
  async publishIfDue(): Promise<boolean> {
    const { key, intervalMs, worst } = this.options;
    const taken = await this.redis.set(`${key}:lock`, randomUUID(), 'PX', intervalMs, 'NX');
    if (taken !== 'OK') return false;
    const stats = await computeFleetStats(this.knex, worst);
    const snapshot: FleetSnapshot = { at: Date.now(), ...stats };
    await this.redis.set(key, JSON.stringify(snapshot), 'PX', intervalMs * 3);
    return true;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.publishIfDue()
      .then(
        () => undefined,
        (err: unknown) => void this.logger.warn('fleet metrics not computed', { err }),
      )
      .finally(() => (this.running = undefined));
    await this.running;
  }
}

/** The fleet's last snapshot, undefined when there is none (expired, or Redis unreachable). */
export async function readFleetSnapshot(redis: RedisConnection, key: string): Promise<FleetSnapshot | undefined> {
  try {
    const text = await redis.get(key);
    return text ? (JSON.parse(text) as FleetSnapshot) : undefined;
  } catch {
    return undefined;
  }
}
