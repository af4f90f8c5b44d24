/**
 * A leaky bucket of points on an injected clock: `capacity` points, refilled continuously at
 * `restorePerSecond`. Provider neutral (Shopify's query cost is one user); the clock is the
 * caller's, so a test moves time instead of sleeping.
 */
export class LeakyBucket {
  private available: number;
  private at: number;

  constructor(
    readonly capacity: number,
    readonly restorePerSecond: number,
    private readonly now: () => number,
  ) {
    this.available = capacity;
    this.at = now();
  }

  /** Points available now, after the refill since the last look. */
  currentlyAvailable(): number {
    const now = this.now();
    const elapsed = Math.max(0, now - this.at) / 1000;
    this.available = Math.min(this.capacity, this.available + elapsed * this.restorePerSecond);
    this.at = now;
    return this.available;
  }

  /** Takes `points` if that many are available; false (and nothing taken) otherwise. */
  take(points: number): boolean {
    if (this.currentlyAvailable() < points) return false;
    this.available -= points;
    return true;
  }

  /** Gives back points taken but not spent (a query that cost less than it asked for). */
  refund(points: number): void {
    this.available = Math.min(this.capacity, this.currentlyAvailable() + Math.max(0, points));
  }

  /** Empties the bucket (an admin fault: the next request is throttled until it refills). */
  drain(): void {
    this.currentlyAvailable();
    this.available = 0;
  }
}
