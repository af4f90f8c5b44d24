import type { Request, RequestHandler } from 'express';
import { faultGate } from '../../kit';
import type { HubspotState } from '../portal/hubspotState';
import { hubspotContext } from './hubspotContext';
import { hubspotErrors } from './hubspotErrors';

/** Items a request asks for: a page's `limit` (HubSpot's default 10) or a batch's inputs. */
function itemsRequested(req: Request): number {
  if (req.method === 'GET' && /\/objects\/[^/]+\/?$/.test(req.path)) return Number(req.query.limit) || 10;
  const body = req.body as { limit?: unknown; inputs?: unknown } | undefined;
  if (Array.isArray(body?.inputs)) return body.inputs.length;
  if (/\/search\/?$/.test(req.path)) return typeof body?.limit === 'number' ? body.limit : 10;
  return 0;
}

/** `/crm/v3/objects/contacts/123` → `/crm/v3/objects/contacts/:id`: stats count endpoints. */
function endpointOf(req: Request): string {
  return (req.baseUrl + req.path).replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** The kit's faults (latency, resets, random 429, 5xx) for HubSpot requests, with HubSpot's bodies. */
export function hubspotFaults(state: HubspotState): RequestHandler {
  return faultGate({
    target: (res) => {
      const { portal } = hubspotContext(res);
      return { faults: portal.faults(state.globalFaults), stats: portal.stats, roll: portal.roll, hold: portal.hold };
    },
    itemsRequested,
    endpoint: endpointOf,
    throttled: () => hubspotErrors.rateLimited('TEN_SECONDLY_ROLLING'),
    serverError: () => hubspotErrors.serverError(),
  });
}
