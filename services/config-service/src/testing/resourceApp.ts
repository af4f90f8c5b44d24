import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import winston from 'winston';
import { createAuth, type Auth } from '@datasync/auth';
import { createSecretBox, type MasterKey, type SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import { Readiness } from '@datasync/http';
import { createLogger } from '@datasync/logger';
import type { ProviderSettings } from '@datasync/providers';
import { createCredential, signUp, type SignedUp } from './accessApp';
import { createApp } from '../app';
import type { CollectionHooks } from '../collections/collections.service';
import type { DestinationCheckLimits } from '../destinations/checkLimits';
import { createResourceServices, type ResourceServices } from '../routes/resourceRoutes';

// The real config-service app over the real test database, with destinations, sources, syncs
// and collections mounted, a log that can be searched for secrets, and callers to act as.

export interface ResourceTestApp {
  app: Express;
  auth: Auth;
  services: ResourceServices;
  secretBox: SecretBox;
  /** Everything logged so far, every level. */
  logs(): string;
}

/** Short retries: a test of an unreachable provider should not wait for production's backoff. */
export function testProviderSettings(baseUrl: string): ProviderSettings {
  return {
    stripeBaseUrl: baseUrl,
    timeoutMs: 5_000,
    budget: { livePerSecond: 1000, testPerSecond: 1000, endpointPerSecond: 1000, burstSeconds: 1 },
    maxWaitMs: 5_000,
    retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 100 },
  };
}

export function buildResourceApp(
  knex: Knex,
  options: {
    providerBaseUrl?: string;
    collectionHooks?: CollectionHooks;
    masterKeys?: MasterKey[];
    destinationCheckLimits?: DestinationCheckLimits;
  } = {},
): ResourceTestApp {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'config-service-test', level: 'silly', transports: [new winston.transports.Stream({ stream })] });
  const masterKeys = options.masterKeys ?? [{ id: 'test', key: randomBytes(32) }];
  const auth = createAuth({
    knex,
    masterKeys,
    secureCookies: false,
    SESSION_TTL_HOURS: 1,
    SESSION_IDLE_MINUTES: 30,
    BASIC_AUTH_CACHE_SECONDS: 0,
    // Cheap hashing keeps the many sign-ups of the tests fast; libs/auth tests the production cost.
    passwordScrypt: { N: 2 ** 10, r: 8, p: 1 },
  });
  const secretBox = createSecretBox(masterKeys);
  const services = createResourceServices({
    knex,
    secretBox,
    logger,
    // The test databases are on loopback.
    destinations: {
      allowPrivateNetworks: true,
      ...(options.destinationCheckLimits ? { checkLimits: options.destinationCheckLimits } : {}),
    },
    // Port 9 (discard) has no listener: without an emulator, the provider is unreachable.
    providers: testProviderSettings(options.providerBaseUrl ?? 'http://127.0.0.1:9'),
    ...(options.collectionHooks ? { collectionHooks: options.collectionHooks } : {}),
    accountsApiPublicUrl: 'https://api.example.test',
  });
  const app = createApp({ logger, readiness: new Readiness(), bodyLimit: '100kb', auth, resources: services });
  return { app, auth, services, secretBox, logs: () => lines.join('') };
}

export interface ApiCaller {
  /** `Basic …` of an admin client credential of the environment. */
  authorization: string;
  environmentId: string;
  organizationId: string;
  userId: string;
  user: SignedUp;
}

/** A new organization (signed up through the API) and an admin client credential of its current environment. */
export async function newCaller(app: Express): Promise<ApiCaller> {
  const user = await signUp(app);
  const credential = await createCredential(user, 'admin');
  return {
    authorization: credential.authorization,
    environmentId: user.body.environment.id,
    organizationId: user.body.organization.id,
    userId: user.body.user.id,
    user,
  };
}

/** The same organization's other environment, with a credential of its own. */
export async function otherEnvironmentCaller(app: Express, caller: ApiCaller): Promise<ApiCaller> {
  const current = caller.user.body.environment.name;
  const other = current === 'production' ? 'development' : 'production';
  const switched = await caller.user.agent
    .post('/api/v1/environments/current')
    .set('X-CSRF-Token', caller.user.csrf)
    .send({ environment: other })
    .expect(200);
  const credential = await createCredential(caller.user, 'admin');
  // Back, so the caller's session keeps acting where it did.
  await caller.user.agent
    .post('/api/v1/environments/current')
    .set('X-CSRF-Token', caller.user.csrf)
    .send({ environment: current })
    .expect(200);
  return { ...caller, authorization: credential.authorization, environmentId: (switched.body as { id: string }).id };
}

/** Requests as `caller` (Basic auth). */
export function as(app: Express, caller: ApiCaller) {
  const withAuth = (test: request.Test) => test.set('Authorization', caller.authorization);
  return {
    get: (path: string) => withAuth(request(app).get(`/api/v1${path}`)),
    post: (path: string, body?: object) => withAuth(request(app).post(`/api/v1${path}`)).send(body ?? {}),
    patch: (path: string, body?: object) => withAuth(request(app).patch(`/api/v1${path}`)).send(body ?? {}),
    put: (path: string, body?: object) => withAuth(request(app).put(`/api/v1${path}`)).send(body ?? {}),
    delete: (path: string) => withAuth(request(app).delete(`/api/v1${path}`)),
  };
}

/** The whole 401 body an anonymous request gets. */
export const UNAUTHENTICATED = {
  type: 'authentication_error',
  message: 'Log in to the dashboard, or send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
};
