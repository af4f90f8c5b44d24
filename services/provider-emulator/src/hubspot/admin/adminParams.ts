import type { Request } from 'express';
import { hubspotErrors } from '../http/hubspotErrors';
import type { HubspotState } from '../portal/hubspotState';
import type { Portal } from '../portal/portal';
import { param } from '../routes/hubspotRoute';

export function portalParam(state: HubspotState, req: Request): Portal {
  const raw = param(req, 'portalId');
  const portal = /^\d+$/.test(raw) ? state.portal(Number(raw)) : undefined;
  if (!portal) throw hubspotErrors.notFound(`portal ${raw}`);
  return portal;
}

export function portalView(state: HubspotState, portal: Portal): Record<string, unknown> {
  const objects: Record<string, number> = {};
  for (const [type, store] of portal.stores) objects[type] = store.size;
  return {
    portal_id: portal.id,
    name: portal.spec.name,
    time_zone: portal.spec.timeZone,
    tier: portal.spec.tier,
    service_key: portal.spec.serviceKey,
    objects,
    owners: portal.owners.length,
    now: portal.now(),
    limits: {
      burst_limit: portal.burstLimit(false),
      oauth_burst_limit: portal.burstLimit(true),
      daily_limit: portal.dailyLimit(),
      search_per_second: portal.limits.searchPerSecond,
      search_lag_ms: portal.limits.searchLagMs,
    },
    faults: portal.faults(state.globalFaults),
    installed_apps: state.installedApps(portal.id).map((app) => app.clientId),
  };
}
