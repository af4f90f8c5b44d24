import { Joi } from '@datasync/config';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import type { HubspotState } from '../portal/hubspotState';
import { numericId, objectTypeParam, type HubspotRoute } from './hubspotRoute';

const schema = Joi.object({ objectId: Joi.alternatives(Joi.string(), Joi.number()).required(), idProperty: Joi.string() });

/**
 * `POST /crm/v3/objects/{objectType}/gdpr-delete` `{objectId, idProperty?}`: permanent. The
 * record leaves every list, read and search, archived ones included; 204. `idProperty: email`
 * finds a contact by email.
 */
export function gdprDeleteRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'post',
    path: '/crm/v3/objects/:objectType/gdpr-delete',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const { value, error } = schema.validate(req.body ?? {}, { abortEarly: false });
      if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
      const body = value as { objectId: string | number; idProperty?: string };
      let id: number | undefined;
      if (body.idProperty && body.idProperty !== 'hs_object_id') {
        const wanted = String(body.objectId).toLowerCase();
        for (const record of portal.store(type).all()) {
          if (record.mergedInto === null && record.properties[body.idProperty]?.toLowerCase() === wanted) id = record.id;
        }
      } else id = numericId(body.objectId);
      const record = id === undefined ? undefined : portal.store(type).find(id);
      if (!record) throw hubspotErrors.objectNotFound(String(body.objectId));
      state.apply({ op: 'purge_object', portalId: portal.id, type, id: record.id, at: portal.now() });
      res.status(204).end();
    },
  };
}
