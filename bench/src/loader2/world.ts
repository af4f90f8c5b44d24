import { randomBytes } from 'node:crypto';
import { createSecretBox, parseMasterKeys, type SecretBox } from '@datasync/crypto';
import { TABLES, createKnex, dropDatabase, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { createTestTenant } from '@datasync/testing';
import type { Redis } from 'ioredis';
import type { Loader2BenchConfig } from './config';
import { startBenchService, type BenchService } from './services';

export interface BenchAccount {
  id: string;
  identifier: string;
  key: string;
}

/**
 * The bench's own control plane and destination databases (dropped at the end), the emulator,
 * the loaders, and a tenant with one source, one Postgres destination and a sync with charges.
 * Accounts are inserted as libs/accounts inserts them and attached with `account.attach`.
 */
export interface BenchWorld {
  knex: Knex;
  destination: Knex;
  emulator: BenchService;
  loaders: BenchService[];
  producer: Producer<JobCatalog>;
  admin<T>(method: string, path: string, body?: unknown): Promise<T>;
  addAccounts(count: number, objects: Record<string, number>, faults?: Record<string, unknown>): Promise<BenchAccount[]>;
  attach(account: BenchAccount): Promise<void>;
  close(): Promise<void>;
}

export async function createBenchWorld(config: Loader2BenchConfig, loaderEnv: Record<string, string>): Promise<BenchWorld> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const scratch = async (prefix: string): Promise<{ url: string; knex: Knex }> => {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const adminUrl = withDatabase(config.BENCH_DATABASE_URL, 'postgres');
    await ensureDatabase(adminUrl, name);
    const url = withDatabase(config.BENCH_DATABASE_URL, name);
    const knex = createKnex({ url, applicationName: 'bench-loader2', statementTimeoutMs: 120_000, poolMax: 4 });
    cleanup.push(async () => {
      await knex.destroy();
      await dropDatabase(adminUrl, name);
    });
    return { url, knex };
  };
  try {
    const controlPlane = await scratch('bench_loader2_cp');
    await migrateLatest(controlPlane.knex);
    const destination = await scratch('bench_loader2_dest');
    const emulator = await startBenchService('provider-emulator', {});
    cleanup.push(() => emulator.stop());
    const masterKeys = `bench:${randomBytes(32).toString('base64')}`;
    const secretBox: SecretBox = createSecretBox(parseMasterKeys(masterKeys));
    const prefix = `{bench-loader2-${randomBytes(4).toString('hex')}}`;
    const redis: Redis = createRedisConnection(config.REDIS_URL, { role: 'producer' });
    const producer = createProducer(redis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
    cleanup.push(async () => {
      await producer.close();
      await closeRedisConnection(redis);
    });
    const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${emulator.url}/_emulator${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /_emulator${path} answered ${response.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };

    const knex = controlPlane.knex;
    const tenant = await createTestTenant(knex, { earlyAccess: true });
    const environmentId = tenant.productionEnvironmentId;
    const app = await admin<{ id: string; secret_key: string }>('POST', '/accounts', { objects: { charges: 0 } });
    const [source] = (await knex(TABLES.sources)
      .insert({
        environment_id: environmentId,
        name: 'bench_source',
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
        name: 'bench_dest',
        engine: 'postgres',
        connection_secret: secretBox.seal(connectionString, environmentId),
        connection_masked: 'postgres://…',
      })
      .returning('id')) as { id: string }[];
    const [sync] = (await knex(TABLES.syncs)
      .insert({ environment_id: environmentId, name: 'bench_sync', source_id: source!.id, destination_id: dest!.id })
      .returning('id')) as { id: string }[];
    await knex(TABLES.collections).insert({ environment_id: environmentId, sync_id: sync!.id, resource_type: 'charges', table_name: 'stripe_charges' });

    const env = {
      DATABASE_URL: controlPlane.url,
      REDIS_URL: config.REDIS_URL,
      QUEUE_PREFIX: prefix,
      SECRETS_MASTER_KEYS: masterKeys,
      PROVIDER_STRIPE_BASE_URL: emulator.url,
      DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
      LOADER_POLL_INTERVAL_MS: String(config.BENCH_LOADER2_POLL_INTERVAL_MS),
      ...loaderEnv,
    };
    const loaders: BenchService[] = [];
    for (let i = 0; i < config.BENCH_LOADER2_LOADERS; i += 1) {
      const loader = await startBenchService('loader', env);
      loaders.push(loader);
      cleanup.push(() => loader.stop());
    }

    return {
      knex,
      destination: destination.knex,
      emulator,
      loaders,
      producer,
      admin,
      async addAccounts(count, objects, faults = {}) {
        const made: BenchAccount[] = [];
        while (made.length < count) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(20, count - made.length) }, () => admin<{ id: string; secret_key: string }>('POST', '/accounts', { objects, ...faults })),
          );
          for (const account of batch) {
            const [row] = (await knex(TABLES.accounts)
              .insert({
                environment_id: environmentId,
                source_id: source!.id,
                source_type: 'stripe',
                identifier: account.id,
                external_id: account.id,
                credential_kind: 'secret_key',
                credential_secret: secretBox.seal(account.secret_key, environmentId),
              })
              .returning('id')) as { id: string }[];
            made.push({ id: row!.id, identifier: account.id, key: account.secret_key });
          }
        }
        return made;
      },
      async attach(account) {
        await producer.enqueue('account.attach', { accountId: account.id });
      },
      async close() {
        for (const step of cleanup.reverse()) await step().catch(() => undefined);
      },
    };
  } catch (err) {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    throw err;
  }
}
