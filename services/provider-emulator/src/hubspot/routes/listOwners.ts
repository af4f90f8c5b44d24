import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { ownerJson } from '../portal/owners';
import { archivedParam, type HubspotRoute } from './hubspotRoute';

/** `GET /crm/v3/owners`: `limit` 1–500 (default 100), `after`, `email`, `archived`; in id order. */
export function listOwnersRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v3/owners',
    handler: (req, res) => {
      const { portal } = hubspotContext(res);
      const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw hubspotErrors.validation('limit must be an integer from 1 to 500');
      const after = req.query.after === undefined ? 0 : Number(req.query.after);
      if (!Number.isSafeInteger(after)) throw hubspotErrors.validation('after must be the paging.next.after of a previous page');
      const email = typeof req.query.email === 'string' ? req.query.email.toLowerCase() : undefined;
      const archived = archivedParam(req.query.archived);
      const owners = portal.owners.filter((o) => o.id >= after && o.archived === archived && (email === undefined || o.email === email));
      const page = owners.slice(0, limit);
      const next = owners[limit];
      res.json({ results: page.map(ownerJson), ...(next ? { paging: { next: { after: String(next.id) } } } : {}) });
    },
  };
}
