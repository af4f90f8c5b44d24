/**
 * How busy one resource was over the window: `share` of what it can give (1 = all of it). Every
 * share grows with the accounts, so the busiest one is also the first to run out as they grow.
 */
export interface Utilization {
  resource: string;
  share: number;
  /** How the share was measured, for the report. */
  how: string;
}

export interface Verdict {
  /** Every account was polled within two of its poll intervals throughout the window. */
  keepsUp: boolean;
  /** The busiest resource: the one that saturates first as accounts grow. */
  first: Utilization;
  text: string;
}

const BUSY = 0.8;
const pct = (share: number) => `${(100 * share).toFixed(0)} %`;

/**
 * The poll lag says whether the system keeps up: an account whose oldest table was last polled
 * more than two of its intervals ago missed a poll. Which resource runs out is the busiest one relative
 * to what it can give; a lag with no resource near its limit points at a setting (poll slots)
 * or at a resource measured here only in part (the machine's CPU, shared with other work).
 */
export function judgeSaturation(input: { lagMax: number; lagMaxOfInterval: number; utilizations: Utilization[] }): Verdict {
  const keepsUp = input.lagMaxOfInterval <= 2;
  const sorted = [...input.utilizations].filter((u) => Number.isFinite(u.share)).sort((a, b) => b.share - a.share);
  const first = sorted[0] ?? { resource: 'none measured', share: NaN, how: '' };
  const lag = `poll lag up to ${input.lagMax.toFixed(0)} s, at most ${input.lagMaxOfInterval.toFixed(1)}× the account's own poll interval`;
  let text: string;
  if (keepsUp) text = `keeps up (${lag}); the nearest to its limit is ${first.resource} at ${pct(first.share)}`;
  else if (first.share >= BUSY) text = `falls behind (${lag}): ${first.resource} saturates first, at ${pct(first.share)}`;
  else text = `falls behind (${lag}) with no resource above ${pct(BUSY)}; the busiest is ${first.resource} at ${pct(first.share)}`;
  return { keepsUp, first, text };
}
