/**
 * Holds an account's requests on the admin API's word: while held, each request that arrives
 * waits (counted, unanswered) until released, then goes on through the other faults. Tests hold a
 * loader's job at a known request this way (a verification between two pages, a poll before its
 * events) instead of racing it with a timer. Not journaled: a restarted emulator holds nothing.
 */
export class RequestHold {
  private waiting: (() => void)[] = [];
  private holding = false;
  /** Requests still let through before the hold takes: a test holds a job past its first requests. */
  private passes = 0;
  /** Only requests of this endpoint (`/v1/charges`, `/v1/events`…) are held; null: all of them. */
  private endpoint: string | null = null;

  get held(): boolean {
    return this.holding;
  }

  /** Requests waiting now. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /**
   * `after`: the next requests (of `endpoint`) that still go on before the hold takes; `endpoint`:
   * hold only that endpoint's requests. Returns the requests released.
   */
  set(held: boolean, after = 0, endpoint: string | null = null): number {
    this.holding = held;
    this.passes = held ? after : 0;
    this.endpoint = held ? endpoint : null;
    if (held) return 0;
    const released = this.waiting;
    this.waiting = [];
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
    this.waiting.push(go);
  }
}
