import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import fs from 'node:fs';
import path from 'node:path';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, createKnex, dropDatabase, ensureDatabase, migrateLatest, sealedPlace, withDatabase, type Knex } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, type JobCatalog, type Producer } from '@datasync/queue';
import { createTestTenant, freePort, insertTestAccount } from '@datasync/testing';

// What `bench:throughput` and `bench:accounts` both stand on: scratch control-plane and destination
// databases (dropped at close), the built emulator, a producer on a fresh queue prefix, and a
// tenant with one Stripe source, one Postgres destination and a sync with charges. Each bench
// starts its own loaders (and API) on top with `startService`.

const repoRoot = path.resolve(__dirname, '../..');

export interface BenchService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A built service (`services/<name>/dist/main.js`) with production settings on a free port, healthy before this resolves. */
export async function startBenchService(name: string, env: Record<string, string>): Promise<BenchService> {
  const port = await freePort();
  // BENCH_SERVICE_LOG_DIR keeps each service's log (at BENCH_SERVICE_LOG_LEVEL, info unless set;
  // `http` lists every request a service answered) in <dir>/<name>-<port>.log, to see where a
  // figure's time went; without it the services log warnings only, to stderr.
  const logDir = process.env.BENCH_SERVICE_LOG_DIR;
  const logLevel = logDir ? (process.env.BENCH_SERVICE_LOG_LEVEL ?? 'info') : 'warn';
  const logFile = logDir ? fs.openSync(path.join(logDir, `${name}-${port}.log`), 'a') : 'ignore';
  const child = spawn(process.execPath, [path.join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: logLevel, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', logFile, 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become healthy within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A "NAME=value,NAME=value" setting (BENCH_*_LOADER_ENV) as environment variables; a value may hold "=". */
export function parseSettingsList(list: string): Record<string, string> {
  return Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

export interface ProviderAccount {
  id: string;
  secret_key: string;
}

export interface LoaderStack {
  knex: Knex;
  destination: Knex;
  /** The destination database's URL (psql takes it as it is). */
  destinationUrl: string;
  emulator: BenchService;
  producer: Producer<JobCatalog>;
  environmentId: string;
  organizationId: string;
  masterKeys: string;
  /** The stack's source and the emulator account that owns its app (its key creates webhook endpoints). */
  source: { id: string; appId: string; appKey: string };
  /** What a loader or the accounts API of this stack needs to reach its databases, queues and provider. */
  serviceEnv: Record<string, string>;
  admin<T>(method: string, adminPath: string, body?: unknown): Promise<T>;
  /** Inserted under the stack's source as libs/accounts inserts it; resolves to the account's id. */
  insertAccount(account: ProviderAccount): Promise<string>;
  /** The source's webhook signing secret, sealed as `PUT /sources/{name}/webhook_secret` stores it. */
  setWebhookSecret(secret: string): Promise<void>;
  /** A built service that is stopped at close, before the emulator and the databases. */
  startService(name: string, env: Record<string, string>): Promise<BenchService>;
  /** The account's rows in the destination's `stripe_charges`; 0 while the table does not exist. */
  chargeRows(identifier: string): Promise<number>;
  /** Rows of `stripe_charges` per provider account id; empty while the table does not exist. */
  rowsPerAccount(): Promise<Map<string, number>>;
  /** The queues' key prefix in Redis (`{bench-loader-1a2b3c4d}`); its keys are deleted at close. */
  queuePrefix: string;
  /** A new client credential of the stack's environment, as the `authorization` header of the Accounts API. */
  clientAuthorization(): Promise<string>;
  close(): Promise<void>;
}

export interface LoaderStackOptions {
  /** Names the scratch databases, the Postgres application and the queue prefix: `bench-loader`. */
  name: string;
  databaseUrl: string;
  redisUrl: string;
  /** Settings of the emulator on top of the environment's (`EMULATOR_LATENCY_MS: '0'`). */
  emulatorEnv?: Record<string, string>;
}

export async function createLoaderStack(options: LoaderStackOptions): Promise<LoaderStack> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  const scratch = async (role: string): Promise<{ url: string; knex: Knex }> => {
    const name = `${options.name.replace(/-/g, '_')}_${role}_${randomBytes(4).toString('hex')}`;
    const adminUrl = withDatabase(options.databaseUrl, 'postgres');
    await ensureDatabase(adminUrl, name);
    const url = withDatabase(options.databaseUrl, name);
    const knex = createKnex({ url, applicationName: options.name, statementTimeoutMs: 120_000, poolMax: 4 });
    cleanup.push(async () => {
      await knex.destroy();
      await dropDatabase(adminUrl, name);
    });
    return { url, knex };
  };
  const startService = async (name: string, env: Record<string, string>): Promise<BenchService> => {
    const service = await startBenchService(name, env);
    cleanup.push(() => service.stop());
    return service;
  };
  try {
    const controlPlane = await scratch('cp');
    await migrateLatest(controlPlane.knex);
    const destination = await scratch('dest');
    const emulator = await startService('provider-emulator', options.emulatorEnv ?? {});
    const masterKeys = `bench:${randomBytes(32).toString('base64')}`;
    const secretBox = createSecretBox(parseMasterKeys(masterKeys));
    const prefix = `{${options.name}-${randomBytes(4).toString('hex')}}`;
    const redis = createRedisConnection(options.redisUrl, { role: 'producer' });
    const producer = createProducer(redis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
    cleanup.push(async () => {
      await producer.close();
      await deleteKeys(redis, `${prefix}:*`);
      await closeRedisConnection(redis);
    });
    const admin = async <T>(method: string, adminPath: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${emulator.url}/_emulator${adminPath}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /_emulator${adminPath} answered ${response.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };

    const knex = controlPlane.knex;
    const tenant = await createTestTenant(knex, { earlyAccess: true });
    const environmentId = tenant.productionEnvironmentId;
    const app = await admin<ProviderAccount>('POST', '/accounts', { objects: { charges: 0 } });
    const sourceId = await insertSyncOfCharges(knex, environmentId, {
      sourceSecret: secretBox.seal(app.secret_key, environmentId),
      sourceAccountId: app.id,
      destinationSecret: secretBox.seal(postgresConnectionString(destination.url), environmentId),
    });

    return {
      knex,
      destination: destination.knex,
      destinationUrl: destination.url,
      emulator,
      producer,
      environmentId,
      organizationId: tenant.organizationId,
      masterKeys,
      source: { id: sourceId, appId: app.id, appKey: app.secret_key },
      serviceEnv: {
        DATABASE_URL: controlPlane.url,
        REDIS_URL: options.redisUrl,
        QUEUE_PREFIX: prefix,
        SECRETS_MASTER_KEYS: masterKeys,
        PROVIDER_STRIPE_BASE_URL: emulator.url,
        // The destination is a database on this machine, a private address that production
        // refuses; development mode differs from production only in that and the log format.
        NODE_ENV: 'development',
        DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      admin,
      async insertAccount(account) {
        const sealedKey = secretBox.seal(account.secret_key, environmentId);
        return (await insertTestAccount(knex, { environmentId, sourceId, externalId: account.id, sealedKey })).id;
      },
      async setWebhookSecret(secret) {
        const id = randomUUID();
        await knex(TABLES.sourceWebhookSecrets).insert({
          id,
          environment_id: environmentId,
          source_id: sourceId,
          secret: secretBox.seal(secret, environmentId, sealedPlace('sourceWebhookSecret', id)),
        });
      },
      startService,
      async chargeRows(identifier) {
        try {
          const [row] = (await destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as { n: string }[];
          return Number(row?.n ?? 0);
        } catch {
          return 0;
        }
      },
      async rowsPerAccount() {
        try {
          const rows = (await destination
            .knex('stripe_charges')
            .groupBy('account_id')
            .select('account_id', destination.knex.raw('count(*)::int as n'))) as { account_id: string; n: number }[];
          return new Map(rows.map((r) => [r.account_id, r.n]));
        } catch {
          return new Map();
        }
      },
      queuePrefix: prefix,
      async clientAuthorization() {
        const owner: Caller = {
          kind: 'session',
          environmentId,
          organizationId: tenant.organizationId,
          userId: randomUUID(),
          sessionId: randomUUID(),
        };
        const hasher = new ClientSecretHasher(parseMasterKeys(masterKeys));
        const { credential, clientSecret } = await new ClientCredentialsService(knex, hasher).create(owner);
        return `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Deletes every key matching `pattern` (SCAN, then UNLINK in batches): a run leaves nothing in the queues' Redis. */
async function deleteKeys(redis: ReturnType<typeof createRedisConnection>, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1_000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** The scratch destination database as a destination's connection string. */
function postgresConnectionString(databaseUrl: string): string {
  const server = new URL(databaseUrl);
  return `postgres://${server.username}:${server.password || 'unused'}@${server.hostname}:${server.port || 5432}${server.pathname}?sslmode=disable`;
}

/** A source, a Postgres destination, a sync between them and its charges collection; resolves to the source's id. */
async function insertSyncOfCharges(
  knex: Knex,
  environmentId: string,
  secrets: { sourceSecret: string; sourceAccountId: string; destinationSecret: string },
): Promise<string> {
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: 'bench_source',
      provider: 'stripe',
      credential_secret: secrets.sourceSecret,
      provider_account_id: secrets.sourceAccountId,
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  const [destination] = (await knex(TABLES.destinations)
    .insert({
      environment_id: environmentId,
      name: 'bench_dest',
      engine: 'postgres',
      connection_secret: secrets.destinationSecret,
      connection_masked: 'postgres://…',
    })
    .returning('id')) as { id: string }[];
  const [sync] = (await knex(TABLES.syncs)
    .insert({ environment_id: environmentId, name: 'bench_sync', source_id: source!.id, destination_id: destination!.id })
    .returning('id')) as { id: string }[];
  await knex(TABLES.collections).insert({
    environment_id: environmentId,
    sync_id: sync!.id,
    resource_type: 'charges',
    table_name: 'stripe_charges',
  });
  return source!.id;
}
