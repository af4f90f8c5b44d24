import { propertyJson } from '../crm/propertyDefinitions';
import { hubspotContext } from '../http/hubspotContext';
import { objectTypeParam, type HubspotRoute } from './hubspotRoute';

/** `GET /crm/v3/properties/{objectType}`: HubSpot's properties of the type and the portal's custom ones. */
export function listPropertiesRoute(): HubspotRoute {
  return {
    method: 'get',
    path: '/crm/v3/properties/:objectType',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      res.json({ results: [...portal.propertiesOf(type).values()].map(propertyJson) });
    },
  };
}
