import type { Request, RequestHandler } from 'express';
import { faultGate } from '../kit';
import type { EmulatorState } from '../state/emulatorState';
import { requestContext } from './requestContext';
import { stripeErrors } from './stripeErrors';
import { itemsRequested } from './stripeItemsRequested';

/** `/v1/charges/ch_…` → `/v1/charges/:id`: stats count endpoints, not objects. */
export function endpointOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/:id` : path;
}

// Mounted under /v1: req.path is relative to the mount point.
const fullPath = (req: Request) => req.baseUrl + req.path;

/**
 * The kit's faults for an authenticated /v1 request, with Stripe's answers: a hold (admin `hold`),
 * latency, dropped connection, rate limit (the account's token bucket), random throttling, server
 * error. Every request and every status served is counted for /_emulator/accounts/:id/stats.
 */
export function faultInjection(state: EmulatorState): RequestHandler {
  return faultGate({
    target: (res) => {
      const { account } = requestContext(res);
      const faults = account.faults(state.globalFaults);
      return {
        faults,
        stats: account.stats,
        roll: () => account.roll(),
        hold: account.hold,
        rateLimited: () => {
          if (faults.rate_limit === null) return undefined;
          const token = account.takeToken(faults.rate_limit);
          return token.allowed ? undefined : stripeErrors.rateLimited(token.retryAfterSeconds);
        },
      };
    },
    itemsRequested: (req) => itemsRequested(req, fullPath(req)),
    endpoint: (req) => endpointOf(fullPath(req)),
    throttled: () => stripeErrors.rateLimited(1),
    serverError: () => stripeErrors.injectedServerError(),
  });
}
