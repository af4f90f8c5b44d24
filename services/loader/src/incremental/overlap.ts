/**
 * Events are read from this long before a run's frozen upper bound: the bound is our clock, the
 * events are dated by the provider's, and applying a few minutes of changes again is harmless.
 */
export const EVENT_OVERLAP_S = 300;
