import { RateLimitError } from '@datasync/errors';

/**
 * At most `max` tasks at once, at most `maxWaiting` queued behind them; past that a 429 at once.
 * Password hashing is deliberately expensive (scrypt): without a cap a flood of logins or
 * sign-ups would hold every thread of libuv's pool and starve the rest of the process.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new RateLimitError(1, 'Too many sign-ins at once. Retry after the number of seconds in Retry-After.', 'password_hashing');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops between them.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
