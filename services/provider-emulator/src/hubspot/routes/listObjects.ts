import { recordJson, propertyList } from '../crm/recordJson';
import { objectTypeOf, OBJECT_TYPES } from '../crm/objectTypes';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { archivedParam, knownProperties, objectTypeParam, type HubspotRoute } from './hubspotRoute';

const MAX_LIMIT = 100;

function limitParam(value: unknown): number {
  if (value === undefined) return 10;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw hubspotErrors.validation(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  return limit;
}

/**
 * `GET /crm/v3/objects/{objectType}`: records in id order, `limit` 1–100 (default 10), `after`
 * from the last page's `paging.next.after`, `properties`, `archived=true` for archived ones only,
 * `associations` (v3 ids of associated records).
 */
export function listObjectsRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v3/objects/:objectType',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const limit = limitParam(req.query.limit);
      const after = req.query.after === undefined ? 0 : Number(req.query.after);
      if (!Number.isSafeInteger(after) || after < 0)
        throw hubspotErrors.validation('after must be the paging.next.after of a previous page');
      const archived = archivedParam(req.query.archived);
      const shape = {
        properties: propertyList(req.query.properties),
        propertiesWithHistory: propertyList(req.query.propertiesWithHistory),
      };
      const associationTypes = (propertyList(req.query.associations) ?? []).map((name) => {
        const to = objectTypeOf(name);
        if (!to) throw hubspotErrors.unknownObjectType(name);
        return to;
      });
      const known = knownProperties(portal, type);
      const results: Record<string, unknown>[] = [];
      let next: number | undefined;
      for (const record of portal.store(type).from(after, archived)) {
        if (results.length === limit) {
          next = record.id;
          break;
        }
        const json = recordJson(type, record, known, shape);
        if (associationTypes.length > 0) {
          const associations: Record<string, unknown> = {};
          for (const to of associationTypes) {
            const linked = portal.associations.list(type, record.id, to);
            if (linked.length === 0) continue;
            const kind = `${OBJECT_TYPES[type].singular}_to_${OBJECT_TYPES[to].singular}`;
            associations[to] = { results: linked.map((a) => ({ id: String(a.toObjectId), type: kind })) };
          }
          if (Object.keys(associations).length > 0) json.associations = associations;
        }
        results.push(json);
      }
      const base = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}${req.path}`;
      res.json({
        results,
        ...(next === undefined ? {} : { paging: { next: { after: String(next), link: `${base}?after=${next}` } } }),
      });
    },
  };
}
