/**
 * Holds requests still: while held, each request waits before it is served, until released.
 * How a test keeps a provider call in flight (a sync mid-page, a lock taken) without racing
 * the clock. Provider neutral; `waiting` lets a test see that its request has arrived.
 */
export class Hold {
  private release: (() => void) | undefined;
  private gate: Promise<void> | undefined;
  waiting = 0;

  get held(): boolean {
    return this.gate !== undefined;
  }

  hold(): void {
    if (this.gate) return;
    this.gate = new Promise<void>((resolve) => (this.release = resolve));
  }

  /** Lets every waiting request through, and later ones straight away. */
  free(): void {
    this.release?.();
    this.gate = undefined;
    this.release = undefined;
  }

  /** Undefined when not held; else a promise settled on release. */
  wait(): Promise<void> | undefined {
    const gate = this.gate;
    if (!gate) return undefined;
    this.waiting += 1;
    return gate.finally(() => {
      this.waiting -= 1;
    });
  }
}
