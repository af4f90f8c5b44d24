import { associable } from '../crm/associationTypes';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { numericId, objectTypeParam, param, type HubspotRoute } from './hubspotRoute';

/**
 * `GET /crm/v4/objects/{objectType}/{objectId}/associations/{toObjectType}`: the records of
 * `toObjectType` associated with one record, each with its association types (category, typeId,
 * label); `limit` up to 500 (default 500), `after` from the last page.
 */
export function listAssociationsRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v4/objects/:objectType/:objectId/associations/:toObjectType',
    handler: (req, res) => {
      const from = objectTypeParam(req);
      const to = objectTypeParam(req, 'toObjectType');
      const { portal } = hubspotContext(res);
      const limit = req.query.limit === undefined ? 500 : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw hubspotErrors.validation('limit must be an integer from 1 to 500');
      const after = req.query.after === undefined ? 0 : Number(req.query.after);
      if (!Number.isSafeInteger(after) || after < 0)
        throw hubspotErrors.validation('after must be the paging.next.after of a previous page');
      const raw = param(req, 'objectId');
      const id = numericId(raw);
      const record = id === undefined ? undefined : portal.store(from).find(id);
      if (!record) throw hubspotErrors.objectNotFound(raw);
      const all = associable(from, to) ? portal.associations.list(from, record.id, to) : [];
      const page = all.slice(after, after + limit);
      res.json({
        results: page,
        ...(after + limit < all.length ? { paging: { next: { after: String(after + limit) } } } : {}),
      });
    },
  };
}
