import type { Express } from 'express';
import request from 'supertest';
import { createAccountsService, type AccountHooks, type AccountsService } from '@datasync/accounts';
import type { Knex } from '@datasync/db';
import { Readiness } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import type { TestEmulator } from '@datasync/testing';
import { createApp } from '../app';
import { createSyncFixture, type SyncFixture } from './fixtures';
import { buildResourceApp, testProviderSettings, type ApiCaller, type ResourceTestApp } from './resourceApp';

// The config-service app with the Accounts tab's routes over the real test database and the
// emulator as the provider: the resource test app's services, plus libs/accounts.

export interface AccountsTestApp {
  app: Express;
  resources: ResourceTestApp;
  accounts: AccountsService;
}

export function buildAccountsApp(
  knex: Knex,
  emulator: TestEmulator,
  options: { deleteWaitMs?: number; hooks?: Partial<AccountHooks> } = {},
): AccountsTestApp {
  const resources = buildResourceApp(knex, { providerBaseUrl: emulator.baseUrl });
  const logger = silentLogger();
  const accounts = createAccountsService({
    knex,
    secretBox: resources.secretBox,
    logger,
    providers: testProviderSettings(emulator.baseUrl),
    deleteWaitMs: options.deleteWaitMs ?? 5_000,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  const app = createApp({
    logger,
    readiness: new Readiness(),
    bodyLimit: '100kb',
    auth: resources.auth,
    resources: resources.services,
    accounts,
  });
  return { app, resources, accounts };
}

/** Requests under /api/v1 with the caller's Basic auth, every method the account routes use. */
export function asCaller(app: Express, caller: ApiCaller) {
  const auth = (test: request.Test) => test.set('Authorization', caller.authorization);
  return {
    get: (path: string) => auth(request(app).get(`/api/v1${path}`)),
    post: (path: string, body: object = {}) => auth(request(app).post(`/api/v1${path}`)).send(body),
    put: (path: string, body: object = {}) => auth(request(app).put(`/api/v1${path}`)).send(body),
    delete: (path: string) => auth(request(app).delete(`/api/v1${path}`)),
  };
}

export async function enableEarlyAccess(app: Express, caller: ApiCaller): Promise<void> {
  await asCaller(app, caller).put(`/environments/${caller.user.body.environment.name}/early_access`, { enabled: true }).expect(200);
}

/** A sync (its own source and destination) and one registered account of a new emulator account. */
export async function syncWithAccount(
  t: AccountsTestApp,
  caller: ApiCaller,
  emulator: TestEmulator,
  connectionString: string,
  identifier = 'customer_1',
): Promise<{ fixture: SyncFixture; account: { id: string; secret_key: string } }> {
  const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString });
  const account = await emulator.createAccount();
  await asCaller(t.app, caller).post(`/syncs/${fixture.sync}/accounts`, { credential: account.secret_key, identifier }).expect(200);
  return { fixture, account };
}
