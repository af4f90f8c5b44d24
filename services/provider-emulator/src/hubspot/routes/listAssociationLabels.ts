import { definedTypes } from '../crm/associationTypes';
import { hubspotContext } from '../http/hubspotContext';
import { objectTypeParam, type HubspotRoute } from './hubspotRoute';

/** `GET /crm/v4/associations/{fromObjectType}/{toObjectType}/labels`: HubSpot's types of the pair and the portal's labels. */
export function listAssociationLabelsRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v4/associations/:fromObjectType/:toObjectType/labels',
    handler: (req, res) => {
      const from = objectTypeParam(req, 'fromObjectType');
      const to = objectTypeParam(req, 'toObjectType');
      const { portal } = hubspotContext(res);
      const custom = [...portal.labels.entries()].filter(([key]) => key.startsWith(`${from}:${to}:`)).map(([, types]) => types.forward);
      res.json({ results: [...definedTypes(from, to), ...custom] });
    },
  };
}
