/**
 * Holds an account's requests on the admin API's word: while held, each request that arrives
 * waits (counted, unanswered) until released, then goes on through the other faults. Tests hold a
 * loader's job at a known request this way (a verification between two pages, a poll before its
 * events) instead of racing it with a timer. Not journaled: a restarted emulator holds nothing.
 */
export class RequestHold {
  private waiting: (() => void)[] = [];
  private holding = false;

  get held(): boolean {
    return this.holding;
  }

  /** Requests waiting now. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  set(held: boolean): void {
    this.holding = held;
    if (held) return;
    const released = this.waiting;
    this.waiting = [];
    for (const go of released) go();
  }

  /** Runs `go` at once, or once the hold is lifted. */
  whenReleased(go: () => void): void {
    if (this.holding) this.waiting.push(go);
    else go();
  }
}
