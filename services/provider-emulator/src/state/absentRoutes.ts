/**
 * Routes an account can be told its server lacks (`routes_absent` at creation): each is answered
 * as Stripe answers a URL it does not know, 404 `Unrecognized request URL`. Stripe-compatible
 * servers other than Stripe itself (a mock, an older or partial implementation) have no test
 * helpers; a client must get by without them.
 */
export const ABSENT_ROUTES = ['test_clocks'] as const;

export type AbsentRoute = (typeof ABSENT_ROUTES)[number];
