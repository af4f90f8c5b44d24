/**
 * A portal's calendar: HubSpot's daily limit resets "at midnight based on your time zone setting"
 * (usage guidelines), so the day a request counts against is the portal's local date.
 */

/** `YYYY-MM-DD` of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** Milliseconds from `now` until the next midnight in `timeZone` (DST days are 23 or 25 hours). */
export function msUntilLocalMidnight(now: number, timeZone: string): number {
  const today = localDate(now, timeZone);
  // The next local date starts somewhere in the next 26 hours; find its first minute, then second.
  let low = now;
  let high = now + 26 * 3_600_000;
  while (high - low > 1_000) {
    const mid = Math.floor((low + high) / 2);
    if (localDate(mid, timeZone) === today) low = mid;
    else high = mid;
  }
  return Math.max(1_000, high - now);
}
