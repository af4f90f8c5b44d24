import path from 'node:path';
import { createAccountsService } from '@datasync/accounts';
import { createAuth } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createKnex } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import type { OpenApiDocument } from '@datasync/openapi';
import { providerSettings } from '@datasync/providers';
import { apiRoutes } from '../app';
import { loadConfigServiceConfig } from '../config';
import { createResourceServices } from '../routes/resourceRoutes';

/** The committed document, beside package.json (src/docs and dist/docs are both two levels down). */
export const OPENAPI_FILE = path.resolve(__dirname, '../../openapi.json');
export const OPENAPI_COMMAND = 'npm run openapi';

/**
 * The OpenAPI document production serves at /api/v1/openapi.json, every route mounted, built
 * without a database or Redis: the services are made over a pool that never connects, and
 * nothing here runs a query. Redis-backed limits only guard routes, so they are left out.
 */
export async function describeConfigService(): Promise<OpenApiDocument> {
  const config = loadConfigServiceConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused.invalid/none',
    SECRETS_MASTER_KEYS: `docs:${Buffer.alloc(32).toString('base64')}`,
  });
  const logger = silentLogger();
  const knex = createKnex({ url: config.DATABASE_URL, applicationName: 'openapi', poolMax: 1, statementTimeoutMs: 1_000 });
  const masterKeys = parseMasterKeys(config.SECRETS_MASTER_KEYS);
  const secretBox = createSecretBox(masterKeys);
  try {
    const auth = createAuth({ ...config, knex, masterKeys, secureCookies: true });
    const resources = createResourceServices({
      knex,
      secretBox,
      logger,
      destinations: { allowPrivateNetworks: false },
      providers: providerSettings(config),
      accountsApiPublicUrl: config.ACCOUNTS_API_PUBLIC_URL,
    });
    const accounts = createAccountsService({
      knex,
      secretBox,
      logger,
      providers: providerSettings(config),
      deleteWaitMs: config.ACCOUNT_DELETE_WAIT_MS,
    });
    return apiRoutes({ auth, resources, accounts }).document();
  } finally {
    await knex.destroy();
  }
}
