/** What an admin hold takes: all requests at once, or only later ones, or only one endpoint's. */
export interface HoldOptions {
  /** Requests still let through before the hold takes: a test holds a job past its first requests. */
  after?: number;
  /** Only requests of this endpoint (`/v1/charges`, `/crm/v3/objects/contacts`…) are held; null: all. */
  endpoint?: string | null;
}

/**
 * Holds an account's requests on the admin API's word: while held, each request that arrives
 * waits (counted, unanswered) until released, then goes on through the other faults. Tests keep a
 * provider call in flight this way (a sync mid-page, a lock taken) instead of racing the clock.
 * Provider neutral, and never journaled: a restarted emulator holds nothing.
 */
export class Hold {
  private waiters: (() => void)[] = [];
  private holding = false;
  private passes = 0;
  private endpoint: string | null = null;

  get held(): boolean {
    return this.holding;
  }

  /** Requests waiting now: a test sees its request arrive before it releases it. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Holds from now on (again: with these options, the requests already waiting still wait). */
  hold(options: HoldOptions = {}): void {
    this.holding = true;
    this.passes = options.after ?? 0;
    this.endpoint = options.endpoint ?? null;
  }

  /** Lets every waiting request through, and later ones straight away; returns how many waited. */
  free(): number {
    this.holding = false;
    this.passes = 0;
    this.endpoint = null;
    const released = this.waiters;
    this.waiters = [];
    for (const go of released) go();
    return released.length;
  }

  /** Runs `go`, a request of `endpoint`, at once, or once the hold is lifted. */
  whenReleased(endpoint: string, go: () => void): void {
    if (!this.holding || (this.endpoint !== null && this.endpoint !== endpoint)) return go();
    if (this.passes > 0) {
      this.passes -= 1;
      return go();
    }
    this.waiters.push(go);
  }
}
