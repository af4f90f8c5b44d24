import { hubspotContext } from '../http/hubspotContext';
import { utcOffsetMs } from '../portal/rateWindows';
import type { HubspotRoute } from './hubspotRoute';

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / 60_000;
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `GET /account-info/v3/details` (and its dated path): the portal's id, time zone and settings. */
export function getAccountDetailsRoute(path: string): HubspotRoute {
  return {
    method: 'get',
    path,
    handler: (_req, res) => {
      const { portal } = hubspotContext(res);
      const offset = utcOffsetMs(portal.now(), portal.spec.timeZone);
      res.json({
        portalId: portal.id,
        accountType: 'STANDARD',
        timeZone: portal.spec.timeZone,
        companyCurrency: 'USD',
        additionalCurrencies: [],
        utcOffset: offsetText(offset),
        utcOffsetMilliseconds: offset,
        uiDomain: 'app.hubspot.com',
        dataHostingLocation: 'na1',
      });
    },
  };
}
