import { searchable } from '../crm/crmRecord';
import { recordJson } from '../crm/recordJson';
import { matchesGroups, matchesQuery, sortComparator } from '../crm/searchMatch';
import { parseSearchRequest, SEARCH_LIMITS } from '../crm/searchRequest';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { knownProperties, objectTypeParam, type HubspotRoute } from './hubspotRoute';

/**
 * `POST /crm/v3/objects/{objectType}/search`: filters (groups ORed, filters ANDed), one sort,
 * `limit` up to 200, `after` an offset. Sees the index, which a change reaches `searchLagMs` after
 * it is made; never archived or merged-away records. A query cannot page past 10,000 results:
 * `after` at or beyond it is a 400, as at HubSpot. `total` counts every match.
 */
export function searchObjectsRoute(): HubspotRoute {
  return {
    method: 'post',
    path: '/crm/v3/objects/:objectType/search',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const search = parseSearchRequest(req.body);
      if (search.after >= SEARCH_LIMITS.results) throw hubspotErrors.searchTooDeep();
      const definitions = portal.propertiesOf(type);
      const typeOf = (name: string) => (name === 'hs_object_id' ? 'number' : definitions.get(name)?.type);
      const now = portal.now();
      const matches: { id: number; createdAt: number; values: Record<string, string | null>; updatedAt: number }[] = [];
      for (const record of portal.store(type).all()) {
        const view = searchable(record, now);
        if (!view || view.archived || view.merged) continue;
        if (!matchesQuery(view.properties, search.query) || !matchesGroups(view.properties, search.filterGroups, typeOf)) continue;
        matches.push({ id: record.id, createdAt: record.createdAt, values: view.properties, updatedAt: view.updatedAt });
      }
      matches.sort(sortComparator(search.sorts[0], typeOf));
      const end = Math.min(search.after + search.limit, SEARCH_LIMITS.results, matches.length);
      const known = knownProperties(portal, type);
      const results = matches.slice(search.after, end).map((match) =>
        recordJson(
          type,
          {
            id: match.id,
            createdAt: match.createdAt,
            updatedAt: match.updatedAt,
            archived: false,
            archivedAt: null,
            properties: match.values,
          },
          known,
          { properties: search.properties },
        ),
      );
      res.json({
        total: matches.length,
        results,
        ...(end < matches.length ? { paging: { next: { after: String(end) } } } : {}),
      });
    },
  };
}
