import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, createKnex, dropDatabase, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog } from '@datasync/queue';
import { createTestTenant, freePort } from '@datasync/testing';
import type { LoaderBenchConfig } from './config';

// One system per phase of `npm run bench:loader`: its own control-plane and destination databases,
// the built emulator, one loader and the accounts API as processes, a tenant with a Postgres
// destination and a sync with charges. Every phase starts fresh, so no phase measures another's
// leftover work.

const repoRoot = path.resolve(__dirname, '../../..');

export interface RunningService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startService(name: string, env: Record<string, string>): Promise<RunningService> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${url}/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
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

/** Resident set size of a process, from /proc, in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : NaN;
}

export interface ProviderAccount {
  id: string;
  secret_key: string;
}

export interface BenchSystem {
  knex: Knex;
  destination: Knex;
  emulatorUrl: string;
  loader: RunningService;
  newProviderAccount(charges: number): Promise<ProviderAccount>;
  /** POST /accounts through the accounts API; resolves at its 200. */
  register(account: ProviderAccount): Promise<void>;
  /** Inserted as libs/accounts inserts it and attached with `account.attach` (no API round trip). */
  insertAndAttach(account: ProviderAccount): Promise<string>;
  rows(identifier: string): Promise<number>;
  status(accountId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function startBenchSystem(config: LoaderBenchConfig): Promise<BenchSystem> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const scratch = async (prefix: string) => {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const adminUrl = withDatabase(config.BENCH_DATABASE_URL, 'postgres');
    await ensureDatabase(adminUrl, name);
    const url = withDatabase(config.BENCH_DATABASE_URL, name);
    const knex = createKnex({ url, applicationName: 'bench-loader', statementTimeoutMs: 120_000, poolMax: 4 });
    cleanup.push(async () => {
      await knex.destroy();
      await dropDatabase(adminUrl, name);
    });
    return { url, knex };
  };
  try {
    const controlPlane = await scratch('bench_loader_cp');
    await migrateLatest(controlPlane.knex);
    const destination = await scratch('bench_loader_dest');
    const emulator = await startService('provider-emulator', {});
    cleanup.push(() => emulator.stop());
    const masterKeys = `bench:${randomBytes(32).toString('base64')}`;
    const secretBox = createSecretBox(parseMasterKeys(masterKeys));
    const prefix = `{bench-loader-${randomBytes(4).toString('hex')}}`;
    const redis = createRedisConnection(config.REDIS_URL, { role: 'producer' });
    const producer = createProducer(redis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
    cleanup.push(async () => {
      await producer.close();
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
      // The emulator runs without limits: the account's budget must not be what is measured.
      PROVIDER_RATE_TEST_PER_SECOND: '10000',
      PROVIDER_RATE_ENDPOINT_PER_SECOND: '10000',
    };
    const extra = Object.fromEntries(
      config.BENCH_LOADER_LOADER_ENV.split(',')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    const loader = await startService('loader', { ...env, ...extra });
    cleanup.push(() => loader.stop());
    const api = await startService('accounts-api', { ...env, RATE_LIMIT_PER_SECOND: '1000' });
    cleanup.push(() => api.stop());
    const owner: Caller = { kind: 'session', environmentId, organizationId: tenant.organizationId, userId: randomUUID(), sessionId: randomUUID() };
    const { credential, clientSecret } = await new ClientCredentialsService(knex, new ClientSecretHasher(parseMasterKeys(masterKeys))).create(owner);
    const authorization = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;

    return {
      knex,
      destination: destination.knex,
      emulatorUrl: emulator.url,
      loader,
      newProviderAccount: (charges) => admin<ProviderAccount>('POST', '/accounts', { objects: { charges } }),
      async register(account) {
        const response = await fetch(`${api.url}/accounts`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ sourceType: 'stripe', credential: account.secret_key }),
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`POST /accounts answered ${response.status}: ${text.slice(0, 300)}`);
      },
      async insertAndAttach(account) {
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
        await producer.enqueue('account.attach', { accountId: row!.id });
        return row!.id;
      },
      async rows(identifier) {
        try {
          const [row] = (await destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as { n: string }[];
          return Number(row?.n ?? 0);
        } catch {
          return 0;
        }
      },
      async status(accountId) {
        return ((await knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;
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
