import { propertyList, recordJson } from '../crm/recordJson';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { archivedParam, knownProperties, numericId, objectTypeParam, param, type HubspotRoute } from './hubspotRoute';

/**
 * `GET /crm/v3/objects/{objectType}/{objectId}`: one record. A merged-away id answers with the
 * record it was merged into (its own id); an archived record only with `archived=true`.
 */
export function getObjectRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v3/objects/:objectType/:objectId',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const raw = param(req, 'objectId');
      const id = numericId(raw);
      const record = id === undefined ? undefined : portal.store(type).find(id);
      if (!record || record.archived !== archivedParam(req.query.archived)) throw hubspotErrors.objectNotFound(raw);
      const shape = {
        properties: propertyList(req.query.properties),
        propertiesWithHistory: propertyList(req.query.propertiesWithHistory),
      };
      res.json(recordJson(type, record, knownProperties(portal, type), shape));
    },
  };
}
