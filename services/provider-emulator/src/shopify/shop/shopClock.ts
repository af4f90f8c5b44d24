/**
 * A shop's clock: real time plus an offset the admin API moves, or frozen. Token expiry, the
 * cost bucket's refill and bulk-operation expiry all read it, so tests move time, never sleep.
 */
export class ShopClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  freeze(frozen: boolean): void {
    if (frozen && this.frozenAt === undefined) this.frozenAt = this.now();
    if (!frozen && this.frozenAt !== undefined) {
      this.offsetMs = this.frozenAt - Date.now();
      this.frozenAt = undefined;
    }
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }
}
