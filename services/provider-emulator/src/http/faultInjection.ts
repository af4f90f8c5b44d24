import type { RequestHandler } from 'express';
import { itemsRequested, latencyFor } from '../faults/latencyModel';
import type { EmulatorState } from '../state/emulatorState';
import { requestContext } from './requestContext';
import { stripeErrors } from './stripeErrors';

/** `/v1/charges/ch_…` → `/v1/charges/:id`: stats count endpoints, not objects. */
export function endpointOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/:id` : path;
}

/**
 * Applies the account's faults to an authenticated /v1 request, in the order a real edge would:
 * a hold (admin `hold`), latency, dropped connection, rate limit (token bucket, then random
 * throttling), server error.
 * Every request and every status served is counted for /_emulator/accounts/:id/stats.
 */
export function faultInjection(state: EmulatorState): RequestHandler {
  return (req, res, next) => {
    const { account } = requestContext(res);
    const stats = account.stats;
    // Mounted under /v1: req.path is relative to the mount point.
    const path = req.baseUrl + req.path;
    const endpoint = endpointOf(path);
    stats.countRequest(endpoint);
    res.once('finish', () => stats.countStatus(res.statusCode));
    const faults = account.faults(state.globalFaults);
    const delay = latencyFor(faults.latency_ms, itemsRequested(req, path), () => account.roll());

    const decide = () => {
      if (faults.reset_rate > 0 && account.roll() < faults.reset_rate) {
        stats.resets += 1;
        req.socket.destroy();
        return;
      }
      if (faults.rate_limit !== null) {
        const token = account.takeToken(faults.rate_limit);
        if (!token.allowed) {
          stats.rateLimited += 1;
          return next(stripeErrors.rateLimited(token.retryAfterSeconds));
        }
      }
      if (faults.throttle_rate > 0 && account.roll() < faults.throttle_rate) {
        stats.rateLimited += 1;
        return next(stripeErrors.rateLimited(1));
      }
      if (faults.error_rate > 0 && account.roll() < faults.error_rate) {
        stats.injectedErrors += 1;
        return next(stripeErrors.injectedServerError());
      }
      next();
    };
    // A held request waits first, then takes its latency and faults as any other.
    account.hold.whenReleased(endpoint, () => {
      if (delay > 0) setTimeout(decide, delay);
      else decide();
    });
  };
}
