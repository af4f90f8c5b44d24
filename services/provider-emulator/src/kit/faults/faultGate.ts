import type { RequestHandler, Response } from 'express';
import type { FaultSettings } from './faultSettings';
import { latencyFor } from './latencyModel';
import type { RequestStats } from './requestStats';
import type { Hold } from './hold';

/** What the gate needs of the account a request acts for, whatever the provider. */
export interface FaultTarget {
  faults: FaultSettings;
  stats: RequestStats;
  /** Seeded dice of the account: a run with the same seed injects the same faults. */
  roll: () => number;
  /** While held, requests wait here before anything else happens to them. */
  hold?: Hold;
  /**
   * The provider's own rate limit, if it has one the gate should apply (rules and bodies differ
   * between providers): the error to answer with when the request is over it, else undefined.
   * Asked after the dice for a dropped connection and before random throttling.
   */
  rateLimited?: () => unknown;
}

export interface FaultGateOptions {
  /** The account of an authenticated request (the gate runs after authentication). */
  target: (res: Response) => FaultTarget;
  /** Items a request asks for, for the per-item share of the latency. */
  itemsRequested: (req: Parameters<RequestHandler>[0]) => number;
  /** The stats key of a request: endpoints, not objects. */
  endpoint: (req: Parameters<RequestHandler>[0]) => string;
  /** The provider's own answers: a random throttle (429) and an injected server error (5xx). */
  throttled: () => unknown;
  serverError: () => unknown;
}

/**
 * The kit's faults for any provider, in the order a real edge applies them: a hold, latency, dropped
 * connection, the provider's rate limit (the target's `rateLimited`, if any), random throttling,
 * server error. Every request and status is counted in the stats.
 */
export function faultGate(options: FaultGateOptions): RequestHandler {
  return (req, res, next) => {
    const { faults, stats, roll, hold, rateLimited } = options.target(res);
    const endpoint = options.endpoint(req);
    stats.countRequest(endpoint);
    res.once('finish', () => stats.countStatus(res.statusCode));
    const delay = latencyFor(faults.latency_ms, options.itemsRequested(req), roll);
    const decide = () => {
      if (faults.reset_rate > 0 && roll() < faults.reset_rate) {
        stats.resets += 1;
        req.socket.destroy();
        return;
      }
      const overLimit = rateLimited?.();
      if (overLimit !== undefined) {
        stats.rateLimited += 1;
        return next(overLimit);
      }
      if (faults.throttle_rate > 0 && roll() < faults.throttle_rate) {
        stats.rateLimited += 1;
        return next(options.throttled());
      }
      if (faults.error_rate > 0 && roll() < faults.error_rate) {
        stats.injectedErrors += 1;
        return next(options.serverError());
      }
      next();
    };
    // A held request waits first, then takes its latency and faults as any other.
    const proceed = () => (delay > 0 ? void setTimeout(decide, delay) : decide());
    if (hold) hold.whenReleased(endpoint, proceed);
    else proceed();
  };
}
