/**
 * How many of an account's segments should read at once to spend its request budget: by
 * Little's law, requests in flight = requests per second × seconds per request. Each segment
 * keeps one list request in flight (its pages follow one cursor), so that is the number of
 * segments, with half as much again for the spread of the provider's answer times and for what a
 * segment does between two requests (claims, commits, the requeue at the end of a slice).
 * Never fewer than `bounds.min` (LOADER_SEGMENTS_PER_ACCOUNT): against a provider that answers at
 * once the bound is writing, which several segments share better than one. Never more than
 * `bounds.max` (LOADER_MAX_SEGMENTS_PER_ACCOUNT), so one account cannot take every worker slot.
 */
export function segmentsInFlight(budgetPerSecond: number, pageSeconds: number, bounds: { min: number; max: number }): number {
  const needed = Math.ceil(budgetPerSecond * pageSeconds * HEADROOM);
  return Math.max(1, Math.min(bounds.max, Math.max(bounds.min, needed)));
}

const HEADROOM = 1.5;
