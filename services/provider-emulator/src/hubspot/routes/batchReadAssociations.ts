import { Joi } from '@datasync/config';
import { OBJECT_TYPES } from '../crm/objectTypes';
import { hubspotContext } from '../http/hubspotContext';
import { hubspotErrors } from '../http/hubspotErrors';
import { numericId, objectTypeParam, type HubspotRoute } from './hubspotRoute';

const schema = Joi.object({
  inputs: Joi.array()
    .items(Joi.object({ id: Joi.alternatives(Joi.string(), Joi.number()).required(), after: Joi.string() }))
    .max(1000)
    .required(),
});

/**
 * `POST /crm/v4/associations/{fromObjectType}/{toObjectType}/batch/read` `{inputs: [{id}]}`: the
 * associations of many records at once, with labels. Ids with none are reported as errors (207).
 */
export function batchReadAssociationsRoute(): HubspotRoute {
  return {
    method: 'post',
    path: '/crm/v4/associations/:fromObjectType/:toObjectType/batch/read',
    handler: (req, res) => {
      const from = objectTypeParam(req, 'fromObjectType');
      const to = objectTypeParam(req, 'toObjectType');
      const { portal } = hubspotContext(res);
      const { value, error } = schema.validate(req.body ?? {}, { abortEarly: false });
      if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
      const startedAt = new Date(portal.now()).toISOString();
      const results: Record<string, unknown>[] = [];
      const errors: Record<string, unknown>[] = [];
      for (const input of (value as { inputs: { id: string | number }[] }).inputs) {
        const id = numericId(input.id);
        const record = id === undefined ? undefined : portal.store(from).find(id);
        const linked = record ? portal.associations.list(from, record.id, to) : [];
        if (linked.length > 0) {
          results.push({ from: { id: String(input.id) }, to: linked });
          continue;
        }
        errors.push({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          subCategory: 'crm.associations.NO_ASSOCIATIONS_FOUND',
          message: `No ${OBJECT_TYPES[to].singular} is associated with ${OBJECT_TYPES[from].singular} ${String(input.id)}.`,
          context: { fromObjectId: [String(input.id)] },
        });
      }
      const completedAt = new Date(portal.now()).toISOString();
      const body = { status: 'COMPLETE', results, startedAt, completedAt };
      if (errors.length === 0) res.json(body);
      else res.status(207).json({ ...body, numErrors: errors.length, errors });
    },
  };
}
