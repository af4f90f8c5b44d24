import { randomBytes } from 'node:crypto';
import { createSecretBox, parseMasterKeys, type SecretBox } from '@datasync/crypto';
import { TABLES, type Knex } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { createTestTenant, insertTestAccount, testRedisUrl, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { scratchDatabase, type ScratchDatabase } from './controlPlaneDatabase';
import { startEmulatorProcess, startServiceProcess, type EmulatorProcess, type ServiceProcess } from './loaderServices';

// What the loader's end-to-end tests share: a control-plane database of their own (the loader's
// reconciler looks at every account there is, so it must not see other tests' accounts), a
// destination database, the emulator, loader processes, and the rows config-service and
// libs/accounts would have written.

export interface LoaderWorld {
  controlPlane: ScratchDatabase;
  destination: ScratchDatabase;
  emulator: EmulatorProcess;
  secretBox: SecretBox;
  masterKeys: string;
  prefix: string;
  environmentId: string;
  organizationId: string;
  sourceId: string;
  producer: Producer<JobCatalog>;
  /** The environment every service of this world gets. */
  env(extra?: Record<string, string>): Record<string, string>;
  startLoader(extra?: Record<string, string>, name?: string): Promise<ServiceProcess>;
  /** An emulator account registered under the world's source, as libs/accounts would insert it; not attached. */
  insertAccount(objects: Record<string, number>): Promise<{ id: string; identifier: string; externalId: string; key: string }>;
  attach(accountId: string): Promise<void>;
  /** Rows of the account in stripe_charges: id → data. */
  loadedRows(identifier: string): Promise<Map<string, Record<string, unknown>>>;
  countRows(identifier: string): Promise<number>;
  close(): Promise<void>;
}

export async function createLoaderWorld(
  emulatorEnv: Record<string, string> = {},
  options: { environment?: 'production' | 'development' } = {},
): Promise<LoaderWorld> {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    return await buildWorld(emulatorEnv, cleanup, options.environment ?? 'production');
  } catch (err) {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    throw err;
  }
}

async function buildWorld(
  emulatorEnv: Record<string, string>,
  cleanup: (() => Promise<unknown>)[],
  environment: 'production' | 'development',
): Promise<LoaderWorld> {
  const controlPlane = await scratchDatabase('loadere2e_cp', true);
  cleanup.push(() => controlPlane.drop());
  const destination = await scratchDatabase('loadere2e_dest', false);
  cleanup.push(() => destination.drop());
  const emulator = await startEmulatorProcess({ NODE_ENV: 'production', ...emulatorEnv });
  cleanup.push(() => emulator.stop());
  const masterKeys = `e2e:${randomBytes(32).toString('base64')}`;
  const secretBox = createSecretBox(parseMasterKeys(masterKeys));
  const prefix = `{loadere2e-${randomBytes(5).toString('hex')}}`;
  const redis: Redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
  const producer = createProducer(redis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
  cleanup.push(() => closeRedisConnection(redis));
  const processes: ServiceProcess[] = [];

  const knex = controlPlane.knex;
  const tenant = await createTestTenant(knex, { earlyAccess: true });
  const environmentId = environment === 'development' ? tenant.developmentEnvironmentId : tenant.productionEnvironmentId;
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
  const server = new URL(destination.url);
  const connectionString = `postgres://${server.username}:${server.password || 'unused'}@${server.hostname}:${server.port || 5432}${server.pathname}?sslmode=disable`;
  const [dest] = (await knex(TABLES.destinations)
    .insert({
      environment_id: environmentId,
      name: `dest_${suffix}`,
      engine: 'postgres',
      connection_secret: secretBox.seal(connectionString, environmentId),
      connection_masked: 'postgres://…',
    })
    .returning('id')) as { id: string }[];
  const [sync] = (await knex(TABLES.syncs)
    .insert({ environment_id: environmentId, name: 'loader_sync', source_id: source!.id, destination_id: dest!.id })
    .returning('id')) as { id: string }[];
  await knex(TABLES.collections).insert({
    environment_id: environmentId,
    sync_id: sync!.id,
    resource_type: 'charges',
    table_name: 'stripe_charges',
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: controlPlane.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    SECRETS_MASTER_KEYS: masterKeys,
    PROVIDER_STRIPE_BASE_URL: emulator.url,
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    // The emulator runs without limits here; the budget would otherwise pace a test account at 12.5 req/s.
    PROVIDER_RATE_TEST_PER_SECOND: '10000',
    PROVIDER_RATE_ENDPOINT_PER_SECOND: '10000',
    ...extra,
  });

  return {
    controlPlane,
    destination,
    emulator,
    secretBox,
    masterKeys,
    prefix,
    environmentId,
    organizationId: tenant.organizationId,
    sourceId: source!.id,
    producer,
    env,
    async startLoader(extra = {}, name = 'loader') {
      const loader = await startServiceProcess('loader', env(extra), name);
      processes.push(loader);
      return loader;
    },
    async insertAccount(objects) {
      const account = await emulator.createAccount({ objects });
      const sealedKey = secretBox.seal(account.secret_key, environmentId);
      const row = await insertTestAccount(knex, { environmentId, sourceId: source!.id, externalId: account.id, sealedKey });
      return { id: row.id, identifier: account.id, externalId: account.id, key: account.secret_key };
    },
    async attach(accountId) {
      await producer.enqueue('account.attach', { accountId });
    },
    async loadedRows(identifier) {
      const rows = (await destination.knex('stripe_charges').where({ account_id: identifier }).select('id', 'data')) as {
        id: string;
        data: Record<string, unknown>;
      }[];
      return new Map(rows.map((r) => [r.id, r.data]));
    },
    async countRows(identifier) {
      try {
        const [row] = (await destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as { n: string }[];
        return Number(row?.n ?? 0);
      } catch {
        return 0; // the table does not exist yet
      }
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop().catch(() => undefined)));
      await producer.close();
      await closeRedisConnection(redis);
      await emulator.stop();
      await destination.drop();
      await controlPlane.drop();
    },
  };
}

/** Every charge of an account as the provider lists it. */
export async function providerCharges(baseUrl: string, key: string): Promise<Map<string, Record<string, unknown>>> {
  const objects = new Map<string, Record<string, unknown>>();
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) });
    const response = await fetch(`${baseUrl}/v1/charges?${query}`, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`listing charges answered ${response.status}`);
    const body = (await response.json()) as { data: Record<string, unknown>[]; has_more: boolean };
    for (const object of body.data) objects.set(String(object.id), object);
    if (!body.has_more || body.data.length === 0) return objects;
    after = String(body.data[body.data.length - 1]?.id);
  }
}

/** The account's loader state row. */
export async function accountState(knex: Knex, accountId: string) {
  return (await knex(TABLES.accountStates).where({ account_id: accountId }).first()) as
    { status: string; reason: string | null; rows_loaded: string } | undefined;
}

export async function waitForStatus(knex: Knex, accountId: string, status: string, timeoutMs: number): Promise<void> {
  await waitFor(async () => (await accountState(knex, accountId))?.status === status, {
    description: `account ${accountId} to be ${status}`,
    timeoutMs,
    intervalMs: 250,
  });
}

/** JSON with keys sorted: jsonb keeps its own key order, and objects parsed in another realm fail strict equality. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
