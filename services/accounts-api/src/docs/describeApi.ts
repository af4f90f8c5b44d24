import path from 'node:path';
import { Redis } from 'ioredis';
import { createKnex } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import type { OpenApiDocument } from '@datasync/openapi';
import { apiRoutes } from '../app';
import { loadAccountsApiConfig } from '../config';
import { createAccountsApiServices } from '../services';

/** The committed document, beside package.json (src/docs and dist/docs are both two levels down). */
export const OPENAPI_FILE = path.resolve(__dirname, '../../openapi.json');
export const OPENAPI_COMMAND = 'npm run openapi';

/**
 * The OpenAPI document production serves at /openapi.json, built without a database or Redis:
 * the routes are assembled over clients that never connect, and nothing here runs a query.
 * Production's, because settings shape it: a Link return_url may be http on localhost only
 * outside production.
 */
export async function describeAccountsApi(): Promise<OpenApiDocument> {
  const settings = loadAccountsApiConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused.invalid/none',
    SECRETS_MASTER_KEYS: `docs:${Buffer.alloc(32).toString('base64')}`,
    LINK_PUBLIC_URL: 'https://accounts.example.com',
  });
  const logger = silentLogger();
  const knex = createKnex({ url: settings.DATABASE_URL, applicationName: 'openapi', poolMax: 1, statementTimeoutMs: 1_000 });
  const redis = new Redis({ lazyConnect: true });
  try {
    const services = createAccountsApiServices(settings, { knex, redis, logger });
    return apiRoutes({ ...services, logger }).document();
  } finally {
    redis.disconnect();
    await knex.destroy();
  }
}
