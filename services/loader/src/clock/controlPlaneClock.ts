import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';

/** Milliseconds since the epoch by some machine's clock. */
export type LocalClock = () => number;

// How often the offset is measured again: machine clocks drift by milliseconds a minute, and NTP
// may step one at any time; a step is followed within this long.
const RESYNC_EVERY_MS = 60_000;

/**
 * Every `_source_ts` a loader stamps (a list page's or a retrieve's arrival) and every resync's
 * sweep bound are compared with one another, and they are written by different processes on
 * different machines. So they all come from one clock: the control-plane Postgres's. Asking
 * Postgres for every stamp would cost a round trip per page, so the loader measures the offset of
 * its own clock to Postgres's (`clock_timestamp()`, halfway through the query's round trip) and
 * adds it: two loaders then agree within their round trips (milliseconds), whatever their
 * machines' clocks say (docs/incremental-sync.md, One clock).
 */
export class ControlPlaneClock {
  private offsetMs = 0;
  private measuredAt: number | null = null;
  private measuring: Promise<void> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly local: LocalClock = Date.now,
    private readonly logger?: Logger,
  ) {}

  /** Measures the offset; the loader awaits it once before taking jobs. */
  async sync(): Promise<void> {
    const before = this.local();
    const { rows } = await this.knex.raw<{ rows: Array<{ ms: string | number }> }>(
      'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms',
    );
    const after = this.local();
    const serverMs = Number(rows[0]?.ms);
    if (!Number.isFinite(serverMs)) throw new Error('the control-plane clock answered no time');
    this.offsetMs = serverMs - (before + after) / 2;
    this.measuredAt = after;
  }

  /** Now, by the control plane's clock. */
  now(): Date {
    const local = this.local();
    if (this.measuredAt === null || local - this.measuredAt >= RESYNC_EVERY_MS || local < this.measuredAt) this.refresh();
    return new Date(local + this.offsetMs);
  }

  // In the background: a stamp never waits for Postgres; until the new measure lands, the last one holds.
  private refresh(): void {
    if (this.measuring) return;
    this.measuring = this.sync()
      .catch((err: unknown) => {
        this.logger?.warn('measuring the control-plane clock failed', { error: (err as Error).message });
      })
      .finally(() => (this.measuring = null));
  }
}
