import Joi from 'joi';
import { engineName } from '../destinations/destinations.schemas';
import { providerName } from '../sources/sources.schemas';
import { collectionSummarySchema } from '../collections/collections.schemas';

const timestamp = Joi.string().isoDate();

/** Spec §2: "lowercase characters and underscores". */
export const syncName = Joi.string()
  .pattern(/^[a-z_]+$/)
  .max(63)
  .messages({ 'string.pattern.base': '{#label} may contain only lowercase letters and underscores' })
  .description('lowercase letters and underscores; unique in the environment');

export const syncInput = Joi.object({
  name: syncName.required(),
  source: Joi.string().max(63).required().description('name of an existing source'),
  destination: Joi.string().max(63).required().description('name of an existing destination'),
});

export const syncSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: syncName.required(),
  source: Joi.object({ name: Joi.string().required(), provider: providerName.required() }).required(),
  destination: Joi.object({ name: Joi.string().required(), engine: engineName.required() }).required(),
  created_at: timestamp.required(),
}).meta({ component: 'Sync' });

export const syncOverviewSchema = syncSchema
  .keys({
    collections: Joi.array().items(collectionSummarySchema).required().description('the mounted collections'),
    accounts: Joi.object({
      total: Joi.number().integer().min(0).required(),
      active: Joi.number().integer().min(0).required(),
    })
      .required()
      .description("accounts registered under the sync's source, without those being deleted"),
    rows_loaded: Joi.number()
      .integer()
      .min(0)
      .allow(null)
      .required()
      .description("rows the loader wrote through the sync's backfills and resyncs; null until it started one"),
    last_activity_at: timestamp
      .allow(null)
      .required()
      .description('the last page written, run completed or event poll through this sync; null until the first run'),
  })
  .meta({ component: 'SyncOverview' });

export const syncListSchema = Joi.object({ data: Joi.array().items(syncSchema).required() }).meta({ component: 'SyncList' });
