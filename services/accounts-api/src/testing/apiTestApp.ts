import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import winston from 'winston';
import type { AccountHooks } from '@datasync/accounts';
import { createSecretBox, type SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import { Readiness, boundPort, listen, parseTrustedProxies } from '@datasync/http';
import { createLogger } from '@datasync/logger';
import { closeRedisConnection, createRedisConnection, type JobCatalog, type Producer } from '@datasync/queue';
import { getTestKnex, randomQueuePrefix, testRedisUrl } from '@datasync/testing';
import { createApp } from '../app';
import { configSchema } from '../config';
import { createAccountsApiServices, type ServiceSettings } from '../services';

export interface ApiTestApp {
  app: Express;
  server: http.Server;
  baseUrl: string;
  knex: Knex;
  redis: Redis;
  secretBox: SecretBox;
  settings: ServiceSettings;
  /** Everything logged so far, every level: searched for secrets. */
  logs(): string;
  close(): Promise<void>;
}

export interface ApiTestOptions {
  providerBaseUrl?: string;
  settings?: Partial<ServiceSettings>;
  hooks?: Partial<AccountHooks>;
  knex?: Knex;
  /** Default: the test Redis. */
  redisUrl?: string;
  /** Where the app enqueues loader jobs; the webhook endpoint is mounted only with one. */
  producer?: Producer<JobCatalog>;
}

// The service's own defaults, so tests run with what production runs unless they say otherwise.
function defaults(): ServiceSettings {
  const described = Object.fromEntries(
    Object.entries(configSchema).map(([name, schema]) => [name, (schema.describe() as { flags?: { default?: unknown } }).flags?.default]),
  );
  return described as unknown as ServiceSettings;
}

/**
 * The real accounts-api app on a free port, over the real test database and Redis, with its own
 * master key and Redis prefix, and the provider at `providerBaseUrl` (default: nothing listening,
 * so the provider is unreachable).
 */
export async function startApiTestApp(options: ApiTestOptions = {}): Promise<ApiTestApp> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'accounts-api-test', level: 'silly', transports: [new winston.transports.Stream({ stream })] });
  const knex = options.knex ?? getTestKnex();
  const redis = createRedisConnection(options.redisUrl ?? testRedisUrl(), { role: 'producer' });
  const settings: ServiceSettings = {
    ...defaults(),
    SECRETS_MASTER_KEYS: `test:${randomBytes(32).toString('base64')}`,
    API_REDIS_PREFIX: randomQueuePrefix(),
    // Tests of other things make many calls quickly; the rate limit tests lower these.
    RATE_LIMIT_PER_SECOND: 100_000,
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 100_000,
    BASIC_AUTH_CACHE_SECONDS: 0,
    EARLY_ACCESS_CACHE_SECONDS: 0,
    PROVIDER_STRIPE_BASE_URL: options.providerBaseUrl ?? 'http://127.0.0.1:9',
    PROVIDER_RETRY_MAX_ATTEMPTS: 2,
    PROVIDER_RETRY_BASE_MS: 10,
    PROVIDER_RETRY_MAX_MS: 50,
    PROVIDER_TIMEOUT_MS: 5_000,
    ...options.settings,
  };
  const services = createAccountsApiServices(settings, {
    knex,
    redis,
    logger,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.producer ? { producer: options.producer } : {}),
  });
  const secretBox = createSecretBox([{ id: 'test', key: Buffer.from(settings.SECRETS_MASTER_KEYS.slice(5), 'base64') }]);
  const app = createApp({
    logger,
    readiness: new Readiness(),
    bodyLimit: '100kb',
    trustedProxies: parseTrustedProxies(settings.TRUSTED_PROXIES),
    ...services,
  });
  const server = await listen(app, 0, '127.0.0.1');
  return {
    app,
    server,
    baseUrl: `http://127.0.0.1:${boundPort(server)}`,
    knex,
    redis,
    secretBox,
    settings,
    logs: () => lines.join(''),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeRedisConnection(redis);
    },
  };
}
