import Joi from 'joi';
import { providerNames, resourceNames } from '@datasync/providers';
import { engineName } from '../destinations/destinations.schemas';

const timestamp = Joi.string().isoDate();

// Every provider's resources: which of them fit a sync depends on its source, checked on mount.
const allResourceNames = [...new Set(providerNames.flatMap((p) => resourceNames(p)))].sort();

export const resourceType = Joi.string()
  .valid(...allResourceNames)
  .description("a resource of the catalog of the sync's provider");

export const collectionSummarySchema = Joi.object({
  id: Joi.string().guid().required(),
  resource_type: Joi.string().required(),
  table_name: Joi.string().required().description('<provider>_<resource>, in the destination'),
  status: Joi.string().valid('mounted', 'unmounted').required(),
  mounted_at: timestamp.required(),
  unmounted_at: timestamp.allow(null).required(),
  created_at: timestamp.required(),
}).meta({ component: 'CollectionSummary' });

export const collectionSchema = collectionSummarySchema
  .keys({
    label: Joi.string().required(),
    sync: Joi.string().required().description('name of the sync'),
    destination: Joi.object({ name: Joi.string().required(), engine: engineName.required() }).required(),
    primary_key: Joi.array().items(Joi.string()).required(),
    columns: Joi.array()
      .items(
        Joi.object({
          name: Joi.string().required(),
          type: Joi.string().required().description("the column's type in the destination's engine"),
          nullable: Joi.boolean().required(),
        }),
      )
      .required(),
  })
  .meta({ component: 'Collection' });

export const collectionListSchema = Joi.object({
  data: Joi.array().items(collectionSummarySchema).required(),
}).meta({ component: 'CollectionList' });
