/**
 * A rolling window of request times: how many of the last `windowMs` a caller made. HubSpot's
 * burst limit is a ten-second rolling window (policy `TEN_SECONDLY_ROLLING`), search a one-second
 * one. Times come from the portal's clock, so a test moves past a window by advancing it.
 */
export class RollingWindow {
  private readonly times: number[] = [];

  constructor(readonly windowMs: number) {}

  /** Counts a request at `now` if fewer than `max` are in the window; the count after, or undefined when full. */
  take(now: number, max: number): { used: number } | undefined {
    while (this.times.length > 0 && (this.times[0] ?? 0) <= now - this.windowMs) this.times.shift();
    if (this.times.length >= max) return undefined;
    this.times.push(now);
    return { used: this.times.length };
  }

  /** Milliseconds until the oldest request leaves the window. */
  retryAfterMs(now: number): number {
    return Math.max(0, (this.times[0] ?? now) + this.windowMs - now);
  }
}

/** Requests of one portal-local day: resets when the date in the portal's time zone changes. */
export class DailyCounter {
  private day = '';
  used = 0;

  constructor(private readonly timeZone: string) {}

  take(now: number, max: number): boolean {
    const day = localDate(now, this.timeZone);
    if (day !== this.day) {
      this.day = day;
      this.used = 0;
    }
    if (this.used >= max) return false;
    this.used += 1;
    return true;
  }
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function utcOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (ms - (ms % 1000));
}
