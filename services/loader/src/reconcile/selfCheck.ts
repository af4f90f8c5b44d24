import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';
import { RECONCILE_GRACE_MS, reconcile } from './reconcile.service';

export interface SelfCheckOptions {
  /** How often this process checks, on a timer of its own. */
  intervalMs: number;
  /** The reconciler's job scheduler interval, declared again when it is missing. */
  reconcileEveryMs: number;
}

export type CheckOutcome = 'ok' | 'restored' | 'unavailable';

/**
 * Each loader's guard that reconciling never stops. Postgres is the system of record and Redis a
 * cache of work: the reconciler rebuilds from Postgres whatever Redis held (segment jobs, poll
 * schedulers, attaches, purges). But the reconciler itself runs from a job scheduler in Redis, so
 * a Redis restarted empty (a crash without AOF, a failover, a flush) would lose it with everything
 * else and nothing would bring it back. This check therefore runs on a timer of the process, and
 * at once when the Redis connection comes back: a missing scheduler is declared again and a
 * reconcile pass runs here, now, instead of at the next tick. A loader that starts runs one pass
 * too, so it takes over dead loaders' lapsed segments without waiting for a tick.
 */
export class SelfCheck {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<CheckOutcome> | undefined;
  /** A pass is owed (start, Redis back, schedule lost) until one succeeds. */
  private reconcileDue = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: LoaderDeps,
    private readonly options: SelfCheckOptions,
    private readonly logger: Logger,
  ) {}

  /** Checks and reconciles now, then checks every intervalMs and whenever `reconnected` is called. */
  start(): void {
    this.reconcileDue = true;
    void this.check();
  }

  /**
   * The Redis connection is (back) up: what Redis held may be gone, and a pass owed since the
   * start may have failed while the connection was still being made. Reconciles now.
   */
  reconnected(): void {
    this.reconcileDue = true;
    if (this.running) this.again = true;
    else void this.check();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One check; concurrent callers share the one under way. */
  check(): Promise<CheckOutcome> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    return this.running;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const delay = this.again ? 0 : this.options.intervalMs;
    this.again = false;
    this.timer = setTimeout(() => void this.check(), delay);
    this.timer.unref();
  }

  private async run(): Promise<CheckOutcome> {
    if (this.stopped) return 'ok';
    try {
      const { queues, producer } = this.deps;
      const scheduled = await queues.hasScheduler('loader.reconcile', {});
      if (!scheduled) {
        await producer.schedule('loader.reconcile', {}, { everyMs: this.options.reconcileEveryMs });
        this.logger.warn('reconciler schedule missing from Redis (Redis lost its data?); declared again and reconciling now');
        this.reconcileDue = true;
      }
      if (this.reconcileDue) {
        await reconcile(this.deps, this.logger, { graceMs: RECONCILE_GRACE_MS });
        this.reconcileDue = false;
      }
      return scheduled ? 'ok' : 'restored';
    } catch (err) {
      // Redis or Postgres away: the next tick (or the reconnection) tries again.
      this.logger.warn('self-check could not run; retrying', { error: err instanceof Error ? err.message : String(err) });
      return 'unavailable';
    }
  }
}
