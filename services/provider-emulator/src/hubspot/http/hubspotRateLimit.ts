import type { Request, RequestHandler } from 'express';
import type { Portal } from '../portal/portal';
import { hubspotContext } from './hubspotContext';
import { hubspotErrors } from './hubspotErrors';

export function isSearch(req: Request): boolean {
  return req.method === 'POST' && /\/search\/?$/.test(req.path);
}

function limitHeaders(portal: Portal, oauth: boolean, max: number, used: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
    'X-HubSpot-RateLimit-Max': String(max),
    'X-HubSpot-RateLimit-Remaining': String(Math.max(0, max - used)),
  };
  if (!oauth) {
    headers['X-HubSpot-RateLimit-Daily'] = String(portal.dailyLimit());
    headers['X-HubSpot-RateLimit-Daily-Remaining'] = String(Math.max(0, portal.dailyLimit() - portal.daily.used));
  }
  return headers;
}

/**
 * HubSpot's limits (usage guidelines): a ten-second rolling window per app and portal (100 or
 * 190 by tier for private apps and service keys, 110 for OAuth apps), a daily count per portal
 * that resets at midnight in the portal's time zone, and search at 5 requests per second per
 * portal outside the burst window. Answers carry X-HubSpot-RateLimit-* (the Daily pair not on
 * OAuth calls); search answers carry none. Windows run on the portal's clock.
 */
export function hubspotRateLimit(): RequestHandler {
  return (req, res, next) => {
    const { portal, app, oauth } = hubspotContext(res);
    const now = portal.now();
    const search = isSearch(req);
    let used = 0;
    const max = portal.burstLimit(oauth);
    if (search) {
      if (!portal.search.take(now, portal.limits.searchPerSecond)) return next(hubspotErrors.rateLimited('SECONDLY'));
    } else {
      const taken = portal.burstWindow(app).take(now, max);
      if (!taken) return next(hubspotErrors.rateLimited('TEN_SECONDLY_ROLLING', limitHeaders(portal, oauth, max, max)));
      used = taken.used;
    }
    if (!portal.daily.take(now, portal.dailyLimit())) return next(hubspotErrors.rateLimited('DAILY'));
    if (!search) res.set(limitHeaders(portal, oauth, max, used));
    next();
  };
}
