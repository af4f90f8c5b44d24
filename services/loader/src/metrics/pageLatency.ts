/**
 * How long the provider takes to answer a list page, as this process saw it lately: an
 * exponentially weighted mean of the successful list requests' times (the budget's waits are not
 * in them). It sizes each account's requests in flight (runs/inFlight.ts), so it must follow a
 * provider that slows down within a few dozen pages, and start from Stripe's typical page time
 * before this process has seen any.
 */
export class PageLatency {
  private mean: number;

  constructor(
    initialSeconds = 0.5,
    private readonly weight = 0.1,
  ) {
    this.mean = initialSeconds;
  }

  observe(durationMs: number): void {
    this.mean += this.weight * (durationMs / 1000 - this.mean);
  }

  seconds(): number {
    return this.mean;
  }
}
