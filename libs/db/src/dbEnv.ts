import { Joi } from '@datasync/config';

/** Control-plane Postgres settings every service shares. Spread into a service's schema, like `commonEnv`. */
export const dbEnv = {
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .required()
    .description('control-plane Postgres, postgres://user:password@host:port/database'),
  DB_POOL_MAX: Joi.number().integer().min(1).max(200).default(10).description('largest number of Postgres connections this process opens'),
  DB_STATEMENT_TIMEOUT_MS: Joi.number()
    .integer()
    .min(0)
    .default(30_000)
    .description('Postgres statement_timeout per connection in milliseconds (0 = none)'),
};

/** The values `dbEnv` yields, for a service's config interface. */
export interface DbEnvConfig {
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  DB_STATEMENT_TIMEOUT_MS: number;
}
