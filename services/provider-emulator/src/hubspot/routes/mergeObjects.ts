import { Joi } from '@datasync/config';
import { recordJson } from '../crm/recordJson';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import type { HubspotState } from '../portal/hubspotState';
import { knownProperties, numericId, objectTypeParam, type HubspotRoute } from './hubspotRoute';

const schema = Joi.object({
  primaryObjectId: Joi.alternatives(Joi.string(), Joi.number()).required(),
  objectIdToMerge: Joi.alternatives(Joi.string(), Joi.number()).required(),
});

/**
 * `POST /crm/v3/objects/{objectType}/merge` `{primaryObjectId, objectIdToMerge}`: the merged
 * record disappears from lists and search, reads of its id answer with the primary, the primary
 * lists it in `hs_merged_object_ids` and its modification date moves; 200 with the primary.
 */
export function mergeObjectsRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'post',
    path: '/crm/v3/objects/:objectType/merge',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const { value, error } = schema.validate(req.body ?? {}, { abortEarly: false });
      if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
      const body = value as { primaryObjectId: string | number; objectIdToMerge: string | number };
      const primaryId = numericId(body.primaryObjectId);
      const mergedId = numericId(body.objectIdToMerge);
      const store = portal.store(type);
      for (const [raw, id] of [
        [body.primaryObjectId, primaryId],
        [body.objectIdToMerge, mergedId],
      ] as const) {
        const record = id === undefined ? undefined : store.find(id);
        if (!record || record.id !== id || record.archived) throw hubspotErrors.objectNotFound(String(raw));
      }
      if (primaryId === mergedId) throw hubspotErrors.validation('a record cannot be merged into itself');
      const { record } = state.apply({
        op: 'merge_objects',
        portalId: portal.id,
        type,
        primaryId: primaryId ?? 0,
        mergedId: mergedId ?? 0,
        at: portal.now(),
      });
      res.json(record ? recordJson(type, record, knownProperties(portal, type), { properties: undefined }) : {});
    },
  };
}
