import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testDatabaseUrl, testRedisUrl } from '@datasync/testing';
import { scratchDatabase } from './controlPlaneDatabase';
import { startEmulatorProcess, startServiceProcess, type EmulatorProcess, type ServiceProcess } from './loaderServices';

// The processes the dashboard needs, built (`npx tsc -b`) and started as in production
// (loaderServices.ts): the provider emulator, config-service and a loader, on free ports, over
// the test Postgres (a control-plane database of their own) and Redis, with a queue prefix of their own.

/** What the dashboard tests use of a stack, whether their own or the run's shared one (sharedDashboardStack.ts). */
export interface DashboardStack {
  emulator: { url: string };
  configService: { url: string };
  /** The loader's last lines, for failure messages. */
  loader: { output(): string };
  /** A provider account on the emulator with `objects` generated: its id, secret key and OAuth client id. */
  createProviderAccount(objects?: Record<string, number>): Promise<{ id: string; secret_key: string; client_id: string }>;
  stop(): Promise<void>;
}

/** The processes of a stack this process started and stops. */
export interface OwnDashboardStack extends DashboardStack {
  emulator: EmulatorProcess;
  configService: ServiceProcess;
  loader: ServiceProcess;
}

export async function startDashboardStack(
  options: { extraEnv?: Record<string, string>; loaderLog?: string } = {},
): Promise<OwnDashboardStack> {
  const controlPlane = await scratchDatabase('dash_e2e_cp', true);
  const emulator = await startEmulatorProcess().catch(async (err: unknown) => {
    await controlPlane.drop();
    throw err;
  });
  const prefix = `e2e-dash-${randomBytes(4).toString('hex')}`;
  const shared = {
    DATABASE_URL: controlPlane.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    // The sign-up and sign-in limits count per client address in Redis: a prefix of the stack's
    // own, or every stack signing up from 127.0.0.1 shares one counter.
    API_REDIS_PREFIX: prefix,
    SECRETS_MASTER_KEYS: `e2e:${randomBytes(32).toString('base64')}`,
    PROVIDER_STRIPE_BASE_URL: emulator.url,
    // The destination is a database on this machine.
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    ACCOUNT_DELETE_WAIT_MS: '10000',
    ...options.extraEnv,
  };
  const started: ServiceProcess[] = [emulator];
  try {
    const [configService, loader] = await Promise.all([
      startServiceProcess('config-service', shared),
      startServiceProcess('loader', shared, 'loader', { logFile: options.loaderLog }),
    ]);
    started.push(configService, loader);
    return {
      emulator,
      configService,
      loader,
      createProviderAccount: (objects = { charges: 40 }) => emulator.createAccount({ objects }),
      stop: async () => {
        await Promise.all(started.map((s) => s.stop()));
        await controlPlane.drop();
      },
    };
  } catch (err) {
    await Promise.all(started.map((s) => s.stop()));
    await controlPlane.drop();
    throw err;
  }
}

export interface DestinationDatabase {
  database: string;
  /** As a person would paste it: its own user, with a password. */
  connectionString: string;
  /** The user's password: it must never show up in a page. */
  password: string;
  query<T extends Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh Postgres database with a user of its own, limited to it, as docs/destinations.md recommends. */
export async function createDestinationDatabase(): Promise<DestinationDatabase> {
  const server = new URL(testDatabaseUrl());
  const suffix = randomBytes(4).toString('hex');
  const database = `dash_e2e_${suffix}`;
  const user = `dash_e2e_${suffix}`;
  const password = `pw${randomBytes(9).toString('hex')}`;
  const admin = new Client({
    connectionString: `${server.protocol}//${server.username}${server.password ? `:${server.password}` : ''}@${server.host}/postgres`,
  });
  await admin.connect();
  await admin.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  await admin.query(`CREATE DATABASE ${database} OWNER ${user}`);
  await admin.end();
  const connectionString = `postgres://${user}:${password}@${server.hostname}:${server.port || 5432}/${database}`;
  const client = new Client({ connectionString });
  await client.connect();
  return {
    database,
    connectionString,
    password,
    async query<T extends Record<string, unknown>>(sql: string, values: unknown[] = []) {
      return (await client.query<T>(sql, values)).rows;
    },
    async drop() {
      await client.end();
      const cleanup = new Client({
        connectionString: `${server.protocol}//${server.username}${server.password ? `:${server.password}` : ''}@${server.host}/postgres`,
      });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.query(`DROP ROLE IF EXISTS ${user}`);
      await cleanup.end();
    },
  };
}
