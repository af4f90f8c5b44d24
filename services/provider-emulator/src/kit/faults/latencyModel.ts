/**
 * Answer times like Stripe's (its documentation promises none; these are typical of its API seen
 * from a nearby region): a retrieve in 80–200 ms, and a list page slower with its size, 3 ms per
 * requested item on top, so a page of 100 takes 380–500 ms and the default page of 10 110–230 ms.
 * The emulator's default (`EMULATOR_LATENCY_MS=stripe`); tests that need speed pass 0.
 */
export const STRIPE_LIKE_LATENCY = { min: 80, max: 200, perItemMs: 3 } as const;

export interface LatencySetting {
  min: number;
  max: number;
  /** Added per list item requested (`limit`, 10 by default): big pages take longer. */
  perItemMs?: number;
}

/** The delay before answering: uniform in [min, max], plus the per-item share of a list page. */
export function latencyFor(setting: LatencySetting, items: number, roll: () => number): number {
  const { min, max, perItemMs = 0 } = setting;
  const base = max > 0 ? min + Math.floor(roll() * (max - min + 1)) : 0;
  return base + perItemMs * items;
}
