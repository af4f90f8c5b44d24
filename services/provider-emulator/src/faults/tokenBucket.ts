/**
 * A request-per-second limit with a burst of one second's worth, like Stripe's per-account
 * limiter. `now` is injectable so the arithmetic is unit-testable without waiting.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    readonly ratePerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('rate must be positive');
    this.capacity = Math.max(1, ratePerSecond);
    this.tokens = this.capacity;
    this.last = this.now();
  }

  /** Takes a token; when none is left, how many seconds until one is. */
  take(): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: (1 - this.tokens) / this.ratePerSecond };
  }
}
