import type { RequestHandler, Response } from 'express';
import type { FaultSettings } from '../../faults/faultSettings';
import { latencyFor } from '../../faults/latencyModel';
import type { RequestStats } from '../../faults/requestStats';
import type { Hold } from './hold';

/** What the gate needs of the account a request acts for, whatever the provider. */
export interface FaultTarget {
  faults: FaultSettings;
  stats: RequestStats;
  /** Seeded dice of the account: a run with the same seed injects the same faults. */
  roll: () => number;
  /** While held, requests wait here before anything else happens to them. */
  hold?: Hold;
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
 * connection, random throttling, server error. Rate limits are the provider's own (their rules
 * and bodies differ), so they are not here. Every request and status is counted in the stats.
 */
export function faultGate(options: FaultGateOptions): RequestHandler {
  return (req, res, next) => {
    const { faults, stats, roll, hold } = options.target(res);
    stats.countRequest(options.endpoint(req));
    res.once('finish', () => stats.countStatus(res.statusCode));
    const delay = latencyFor(faults.latency_ms, options.itemsRequested(req), roll);
    const decide = () => {
      if (faults.reset_rate > 0 && roll() < faults.reset_rate) {
        stats.resets += 1;
        req.socket.destroy();
        return;
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
    const proceed = () => (delay > 0 ? void setTimeout(decide, delay) : decide());
    const held = hold?.wait();
    if (held) void held.then(proceed);
    else proceed();
  };
}
