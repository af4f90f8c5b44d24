import { Joi } from '@datasync/config';
import { recordJson } from '../crm/recordJson';
import { OBJECT_TYPES } from '../crm/objectTypes';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { archivedParam, knownProperties, numericId, objectTypeParam, type HubspotRoute } from './hubspotRoute';

const schema = Joi.object({
  inputs: Joi.array()
    .items(Joi.object({ id: Joi.alternatives(Joi.string(), Joi.number()).required() }).options({ stripUnknown: true }))
    .max(100)
    .required(),
  properties: Joi.array().items(Joi.string()).default([]),
  propertiesWithHistory: Joi.array().items(Joi.string()).default([]),
  idProperty: Joi.string(),
}).options({ stripUnknown: true });

interface BatchReadBody {
  inputs: { id: string | number }[];
  properties: string[];
  propertiesWithHistory: string[];
  idProperty?: string;
}

/**
 * `POST /crm/v3/objects/{objectType}/batch/read`: up to 100 ids. Missing ones (never existed,
 * purged, or archived without `archived=true`) make it a 207 with an OBJECT_NOT_FOUND error
 * listing them; a merged-away id answers with the record it merged into.
 */
export function batchReadObjectsRoute(): HubspotRoute {
  return {
    method: 'post',
    path: '/crm/v3/objects/:objectType/batch/read',
    handler: (req, res) => {
      const type = objectTypeParam(req);
      const { portal } = hubspotContext(res);
      const { value, error } = schema.validate(req.body ?? {}, { abortEarly: false });
      if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
      const body = value as BatchReadBody;
      if (body.idProperty !== undefined && body.idProperty !== 'hs_object_id') {
        throw hubspotErrors.validation(`idProperty ${body.idProperty} is not a unique property of ${type}`);
      }
      const startedAt = new Date(portal.now()).toISOString();
      const archived = archivedParam(req.query.archived);
      const known = knownProperties(portal, type);
      const shape = {
        properties: body.properties.length > 0 ? body.properties : undefined,
        propertiesWithHistory: body.propertiesWithHistory,
      };
      const results: Record<string, unknown>[] = [];
      const missing: string[] = [];
      for (const input of body.inputs) {
        const id = numericId(input.id);
        const record = id === undefined ? undefined : portal.store(type).find(id);
        if (!record || record.archived !== archived) missing.push(String(input.id));
        else results.push(recordJson(type, record, known, shape));
      }
      const completedAt = new Date(portal.now()).toISOString();
      if (missing.length === 0) {
        res.json({ status: 'COMPLETE', results, startedAt, completedAt });
        return;
      }
      const name = OBJECT_TYPES[type].singular.toUpperCase();
      res.status(207).json({
        status: 'COMPLETE',
        results,
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: `Could not get some ${name} objects, they may be deleted or not exist. Check that ids are valid.`,
            context: { ids: missing },
          },
        ],
        startedAt,
        completedAt,
      });
    },
  };
}
