import { hubspotContext } from '../http/hubspotContext';
import type { HubspotState } from '../portal/hubspotState';
import { numericId, objectTypeParam, param, type HubspotRoute } from './hubspotRoute';

/**
 * `DELETE /crm/v3/objects/{objectType}/{objectId}`: archives (restorable, listed with
 * `archived=true`, modification date unchanged). 204, also for an id already gone, as HubSpot does.
 */
export function archiveObjectRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'delete',
    path: '/crm/v3/objects/:objectType/:objectId',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const id = numericId(param(req, 'objectId'));
      const record = id === undefined ? undefined : portal.store(type).find(id);
      if (record && record.id === id && !record.archived)
        state.apply({ op: 'archive_object', portalId: portal.id, type, id, at: portal.now() });
      res.status(204).end();
    },
  };
}
