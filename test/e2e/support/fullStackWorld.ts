import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ClientCredentialsService, ClientSecretHasher } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, createKnex, dropDatabase, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { createTestTenant, testDatabaseUrl, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { startEmulatorProcess, startServiceProcess, type EmulatorProcess, type ServiceProcess } from './loaderServices';
import { startRedisServer, type RedisServer } from './redisServer';
import { createTestDestination, type DestinationEngine, type TestDestination } from './testDestination';
import { withoutLatency } from './undelayedReads';

// The whole system end to end: every process real (emulator, loaders, accounts-api, a Redis of
// its own, with AOF unless asked otherwise), a control plane database of its own (the reconciler looks at every account
// there is), a destination reached through a switchable proxy, and a tenant whose accounts are
// registered, toggled, resynced and deleted through the public API.

export interface RegisteredAccount {
  /** The account row's id (job payloads, loader tables). */
  id: string;
  identifier: string;
  externalId: string;
  key: string;
}

export interface ApiResponse {
  status: number;
  body: Record<string, unknown>;
}

export interface FullStackWorld {
  knex: Knex;
  redis: RedisServer;
  destination: TestDestination;
  emulator: EmulatorProcess;
  producer: Producer<JobCatalog>;
  environmentId: string;
  syncId: string;
  /** The world's source and the emulator account that owns its app. */
  source: { id: string; name: string; appId: string; appKey: string };
  /** Seals a value for the world's environment, as the services do (same master keys). */
  seal(value: string, place: { table: string; column: string; rowId: string }): string;
  /** accounts-api's base URL, once started. */
  apiUrl(): string;
  env(extra?: Record<string, string>): Record<string, string>;
  startLoader(extra?: Record<string, string>, name?: string): Promise<ServiceProcess>;
  startApi(extra?: Record<string, string>): Promise<ServiceProcess>;
  /** Mounts another collection in the world's sync (its table is created by the loader). */
  mount(resource: string): Promise<void>;
  /** A call of the public API as the tenant's client credential. */
  api(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** An emulator account with these objects, registered through POST /accounts. */
  register(objects: Record<string, number>, emulatorOptions?: Record<string, unknown>): Promise<RegisteredAccount>;
  /** The emulator's admin API. */
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  status(accountId: string): Promise<{ status: string; reason: string | null; rows_loaded: string } | undefined>;
  waitForStatus(accountId: string, status: string, timeoutMs: number): Promise<void>;
  /** The account's table equals the provider: live rows are the listed objects with their data, the rest is `deleted`. */
  expectMirrors(account: RegisteredAccount, options?: { resource?: string; deleted?: readonly string[] }): Promise<void>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Whether the world's Redis keeps an AOF (default) or comes back empty after a crash. */
  persistentRedis?: boolean;
}

export async function createFullStackWorld(engine: DestinationEngine, options: WorldOptions = {}): Promise<FullStackWorld> {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    return await buildWorld(engine, options, cleanup);
  } catch (err) {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    throw err;
  }
}

/** Every object of a resource as the provider lists it, read over HTTP without the connector. */
export async function providerObjects(baseUrl: string, key: string, resource = 'charges'): Promise<Map<string, Record<string, unknown>>> {
  const objects = new Map<string, Record<string, unknown>>();
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) });
    const response = await fetch(`${baseUrl}/v1/${resource}?${query}`, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`listing ${resource} answered ${response.status}`);
    const body = (await response.json()) as { data: Record<string, unknown>[]; has_more: boolean };
    for (const object of body.data) objects.set(String(object.id), object);
    if (!body.has_more || body.data.length === 0) return objects;
    after = String(body.data[body.data.length - 1]?.id);
  }
}

async function buildWorld(engine: DestinationEngine, options: WorldOptions, cleanup: (() => Promise<unknown>)[]): Promise<FullStackWorld> {
  const server = testDatabaseUrl();
  const database = `fullstack_cp_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server, 'postgres');
  await ensureDatabase(adminUrl, database);
  const controlPlaneUrl = withDatabase(server, database);
  const knex = createKnex({ url: controlPlaneUrl, applicationName: 'fullstack-e2e', statementTimeoutMs: 60_000, poolMax: 4 });
  cleanup.push(async () => {
    await knex.destroy();
    await dropDatabase(adminUrl, database);
  });
  await migrateLatest(knex);
  const redis = await startRedisServer({ persistent: options.persistentRedis ?? true });
  cleanup.push(() => redis.stop());
  const destination = await createTestDestination(engine);
  cleanup.push(() => destination.drop());
  const emulator = await startEmulatorProcess({ NODE_ENV: 'production' });
  cleanup.push(() => emulator.stop());

  const masterKeys = `e2e:${randomBytes(32).toString('base64')}`;
  const secretBox = createSecretBox(parseMasterKeys(masterKeys));
  const prefix = `{fullstack-${randomBytes(4).toString('hex')}}`;
  const producerRedis: Redis = createRedisConnection(redis.url, { role: 'producer' });
  const producer = createProducer(producerRedis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
  cleanup.push(async () => {
    await producer.close();
    await closeRedisConnection(producerRedis);
  });

  const tenant = await createTestTenant(knex, { earlyAccess: true });
  const environmentId = tenant.productionEnvironmentId;
  const credentials = new ClientCredentialsService(knex, new ClientSecretHasher(parseMasterKeys(masterKeys)));
  const { credential, clientSecret } = await credentials.create({
    kind: 'session',
    environmentId,
    organizationId: tenant.organizationId,
    userId: randomUUID(),
    sessionId: randomUUID(),
  });
  const authorization = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;

  const app = await emulator.createAccount({ objects: { charges: 0 } });
  const suffix = randomBytes(4).toString('hex');
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: `src_${suffix}`,
      provider: 'stripe',
      credential_secret: secretBox.seal(app.secret_key, environmentId),
      provider_account_id: app.id,
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  const [dest] = (await knex(TABLES.destinations)
    .insert({
      environment_id: environmentId,
      name: `dest_${suffix}`,
      engine,
      connection_secret: secretBox.seal(destination.connectionString, environmentId),
      connection_masked: `${engine}://…`,
    })
    .returning('id')) as { id: string }[];
  const [sync] = (await knex(TABLES.syncs)
    .insert({ environment_id: environmentId, name: 'loader_two', source_id: source!.id, destination_id: dest!.id })
    .returning('id')) as { id: string }[];
  const mount = async (resource: string) => {
    await knex(TABLES.collections).insert({
      environment_id: environmentId,
      sync_id: sync!.id,
      resource_type: resource,
      table_name: `stripe_${resource}`,
    });
  };
  await mount('charges');

  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    DATABASE_URL: controlPlaneUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: prefix,
    SECRETS_MASTER_KEYS: masterKeys,
    PROVIDER_STRIPE_BASE_URL: emulator.url,
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    PROVIDER_RATE_TEST_PER_SECOND: '10000',
    PROVIDER_RATE_ENDPOINT_PER_SECOND: '10000',
    LOADER_POLL_INTERVAL_MS: '1000',
    LOADER_RECONCILE_INTERVAL_MS: '2000',
    LOADER_ERROR_RETRY_BASE_MS: '1000',
    LOADER_ERROR_RETRY_MAX_MS: '4000',
    LOADER_SEGMENT_LEASE_MS: '10000',
    // Tests here count the provider's requests of a load; verification has tests of its own.
    LOADER_VERIFY_AFTER_LOAD: 'false',
    LOADER_VERIFY_FULL_EVERY_MIN: '0',
    LOADER_VERIFY_RECENT_EVERY_MIN: '0',
    ACCOUNT_DELETE_WAIT_MS: '15000',
    RATE_LIMIT_PER_SECOND: '10000',
    ...extra,
  });
  const processes: ServiceProcess[] = [];
  cleanup.push(() => Promise.all(processes.map((p) => p.stop().catch(() => undefined))));
  let apiUrl: string | undefined;

  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.url}/_emulator${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /_emulator${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const api = async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    if (!apiUrl) throw new Error('start the API first');
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const status = async (accountId: string) =>
    (await knex(TABLES.accountStates).where({ account_id: accountId }).first('status', 'reason', 'rows_loaded')) as
      { status: string; reason: string | null; rows_loaded: string } | undefined;

  return {
    knex,
    redis,
    destination,
    emulator,
    producer,
    environmentId,
    syncId: sync!.id,
    source: { id: source!.id, name: `src_${suffix}`, appId: app.id, appKey: app.secret_key },
    seal: (value, place) => secretBox.seal(value, environmentId, place),
    apiUrl: () => {
      if (!apiUrl) throw new Error('start the API first');
      return apiUrl;
    },
    env,
    mount,
    admin,
    api,
    status,
    async startLoader(extra = {}, name = 'loader') {
      const loader = await startServiceProcess('loader', env(extra), name);
      processes.push(loader);
      return loader;
    },
    async startApi(extra = {}) {
      const started = await startServiceProcess('accounts-api', env(extra), 'accounts-api');
      processes.push(started);
      apiUrl = started.url;
      return started;
    },
    async register(objects, emulatorOptions = {}) {
      const account = await emulator.createAccount({ objects, ...emulatorOptions });
      const res = await api('POST', '/accounts', { sourceType: 'stripe', credential: account.secret_key });
      if (res.status !== 200) throw new Error(`POST /accounts answered ${res.status}: ${JSON.stringify(res.body)}`);
      const row = (await knex(TABLES.accounts).where({ environment_id: environmentId, external_id: account.id }).first('id')) as {
        id: string;
      };
      // The attach enqueue of the registration, in case this build's API does not make it yet; the
      // reconciler would start the load too, only later. A duplicate is absorbed by its job id.
      await producer.enqueue('account.attach', { accountId: row.id });
      return { id: row.id, identifier: account.id, externalId: account.id, key: account.secret_key };
    },
    async waitForStatus(accountId, wanted, timeoutMs) {
      await waitFor(async () => (await status(accountId))?.status === wanted, {
        description: `account ${accountId} to be ${wanted}`,
        timeoutMs,
        intervalMs: 200,
      });
    },
    async expectMirrors(account, options = {}) {
      const resource = options.resource ?? 'charges';
      const provider = await withoutLatency(emulator.url, account.externalId, () => providerObjects(emulator.url, account.key, resource));
      const stored = await destination.rows(`stripe_${resource}`, account.identifier);
      const live = [...stored].filter(([, row]) => !row.deleted);
      expect(live.map(([id]) => id).sort()).toEqual([...provider.keys()].sort());
      // Compared as values (jsonb and MariaDB's JSON keep keys in their own order), once both sides
      // are plain objects of this realm: fetch parses JSON outside jest's sandbox.
      const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
      const different = live.filter(([id, row]) => !isDeepStrictEqual(plain(row.data), plain(provider.get(id)))).map(([id]) => id);
      expect(different).toEqual([]);
      const deleted = [...stored].filter(([, row]) => row.deleted).map(([id]) => id);
      expect(deleted.sort()).toEqual([...(options.deleted ?? [])].sort());
    },
    async close() {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    },
  };
}
