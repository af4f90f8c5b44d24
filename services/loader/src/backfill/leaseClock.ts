import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';
import { renewLease, type Segment } from '../runs';

/** The lease a job's claim took. */
export interface LeaseGrant {
  token: string;
  /** Epoch ms taken before the lease was claimed: it runs at least leaseMs from then. */
  leaseFrom: number;
}

/**
 * When this job's lease runs out, by the local clock (each end estimated from a time taken before
 * the statement that set it, so never later than the database's). A batch is written only while
 * at least half the lease is left, renewing it first otherwise: no write begins on a lease that
 * ran out, which is what lets a purge wait out the writers (purgeAccountData). A heartbeat renews
 * it every third of its term while the job runs, so the term can be short: a loader that dies
 * holds its segments only that long, and a slow page or write never loses a live job its lease.
 */
export class LeaseClock {
  readonly token: string;
  private endsAt: number;
  /** A renewal was refused: another job took the segment, or the account is being deleted. */
  private refused = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<LoaderDeps, 'knex' | 'settings'>,
    private readonly segment: Pick<Segment, 'runId' | 'n' | 'accountId'>,
    lease: LeaseGrant,
  ) {
    this.token = lease.token;
    this.endsAt = lease.leaseFrom + deps.settings.leaseMs;
  }

  startHeartbeat(logger: Logger): void {
    this.heartbeat = setInterval(() => {
      this.beating = this.renew().then(
        () => undefined,
        (err: unknown) => {
          logger.warn('lease heartbeat failed; retrying', { error: err instanceof Error ? err.message : String(err) });
        },
      );
    }, this.deps.settings.leaseMs / 3);
  }

  async stopHeartbeat(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.beating;
  }

  /** After a statement that renewed the lease, begun at `from`. */
  renewed(from: number): void {
    this.endsAt = from + this.deps.settings.leaseMs;
  }

  /** False when the lease is no longer this job's: it must not write. */
  async coversAWrite(): Promise<boolean> {
    if (this.refused) return false;
    if (this.endsAt - Date.now() >= this.deps.settings.leaseMs / 2) return true;
    return this.renew();
  }

  private async renew(): Promise<boolean> {
    if (this.refused) return false;
    const from = Date.now();
    if (!(await renewLease(this.deps.knex, this.segment, this.token, this.deps.settings.leaseMs))) {
      this.refused = true;
      clearInterval(this.heartbeat);
      return false;
    }
    this.renewed(from);
    return true;
  }
}
