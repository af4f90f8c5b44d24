/**
 * Events are read from this long before a run's frozen upper bound: the bound is our clock, the
 * events are dated by the provider's, and applying a few minutes of changes again is harmless.
 */
export const EVENT_OVERLAP_S = 300;

/**
 * Stripe's events list is eventually consistent: an event can be listed some seconds after events
 * created later. Every poll reads this long behind its newest event again; minutes, not seconds,
 * because a late event costs nothing to re-read and a missed one is lost for good.
 */
export const EVENT_LOOKBACK_S = 300;
