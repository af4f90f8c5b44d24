import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, testRedisUrl, waitFor } from '@datasync/testing';
import { scratchDatabase } from './controlPlaneDatabase';
import { createDestinationDatabase, type DestinationDatabase } from './dashboardStack';
import { repoRoot } from './repo';

// What the Link page needs, built (`npx tsc -b`) and started as in production: the emulator,
// config-service (to set an integrator up the way the dashboard does), accounts-api (the page)
// and a loader (the rows), sharing one master key, a control-plane database, Redis and a queue
// prefix of their own.

export interface RunningService {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

async function startService(name: string, env: Record<string, string>): Promise<RunningService> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
        return fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { description: `${name} to answer /health`, timeoutMs: 30_000, intervalMs: 100 },
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call<T>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

async function expectOk<T>(
  what: string,
  result: Promise<{ status: number; body: T; headers: Headers }>,
): Promise<{ body: T; headers: Headers }> {
  const { status, body, headers } = await result;
  if (status < 200 || status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return { body, headers };
}

export interface ProviderAccount {
  id: string;
  secret_key: string;
  restricted_key: string;
  client_id: string;
}

/** An integrator set up as in the dashboard: destination, Stripe source, sync, charges collection, a client credential. */
export interface Integrator {
  organizationName: string;
  /** `Basic …` for the Accounts API. */
  authorization: string;
  sourceName: string;
  destination: DestinationDatabase;
  api<T>(pathname: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>;
}

export interface LinkStack {
  emulator: RunningService;
  configService: RunningService;
  accountsApi: RunningService;
  loader: RunningService;
  createProviderAccount(objects?: Record<string, number>): Promise<ProviderAccount>;
  newIntegrator(): Promise<Integrator>;
  /** Runs SQL on the control plane, for what no API does (expiring a link now, not in 30 minutes). */
  controlPlane<T extends Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startLinkStack(): Promise<LinkStack> {
  const controlPlane = await scratchDatabase('link_e2e_cp', true);
  const emulator = await startService('provider-emulator', { NODE_ENV: 'test', LOG_LEVEL: 'warn' }).catch(async (err: unknown) => {
    await controlPlane.drop();
    throw err;
  });
  const prefix = `e2e-link-${randomBytes(4).toString('hex')}`;
  const shared = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: controlPlane.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    // The sign-up and sign-in limits count per client address in Redis: a prefix of the stack's
    // own, or every stack signing up from 127.0.0.1 shares one counter.
    API_REDIS_PREFIX: prefix,
    SECRETS_MASTER_KEYS: `e2e:${randomBytes(32).toString('base64')}`,
    PROVIDER_STRIPE_BASE_URL: emulator.url,
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    // The reconciler attaches accounts the API registered; every second keeps the test short.
    LOADER_RECONCILE_INTERVAL_MS: '1000',
  };
  const started: RunningService[] = [emulator];
  const destinations: DestinationDatabase[] = [];
  const db = new Client({ connectionString: controlPlane.url });
  try {
    const services = await Promise.all([
      startService('config-service', shared),
      startService('accounts-api', shared),
      startService('loader', shared),
    ]);
    started.push(...services);
    await db.connect();
    const [configService, accountsApi, loader] = services as [RunningService, RunningService, RunningService];

    const createProviderAccount = async (objects: Record<string, number> = { charges: 25 }): Promise<ProviderAccount> =>
      (await expectOk<ProviderAccount>('POST /_emulator/accounts', call(`${emulator.url}/_emulator/accounts`, { body: { objects } }))).body;

    const newIntegrator = async (): Promise<Integrator> => {
      const suffix = randomBytes(3).toString('hex');
      const organizationName = `Acme Analytics ${suffix}`;
      const signup = await expectOk<{ csrf_token: string }>(
        'POST /api/v1/signup',
        call(`${configService.url}/api/v1/signup`, {
          body: { email: `owner-${suffix}@acme.test`, password: 'a long enough password', organization_name: organizationName },
        }),
      );
      const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const credential = await expectOk<{ client_id: string; client_secret: string }>(
        'POST /api/v1/client_credentials',
        call(`${configService.url}/api/v1/client_credentials`, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': signup.body.csrf_token },
        }),
      );
      const authorization = `Basic ${Buffer.from(`${credential.body.client_id}:${credential.body.client_secret}`).toString('base64')}`;
      // The configuration is the session's to make: the Accounts API credential cannot administer the environment.
      const configApi = <T>(pathname: string, body: unknown) =>
        expectOk<T>(
          `POST ${pathname}`,
          call(`${configService.url}/api/v1${pathname}`, { body, headers: { cookie, 'x-csrf-token': signup.body.csrf_token } }),
        );

      const destination = await createDestinationDatabase();
      destinations.push(destination);
      const platform = await createProviderAccount({ charges: 1 });
      const sourceName = `stripe_${suffix}`;
      // Sync names take letters and underscores only.
      const syncName = `stripe_sync_${suffix.replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
      await configApi('/destinations', {
        name: `warehouse_${suffix}`,
        engine: 'postgres',
        connection_string: destination.connectionString,
      });
      // With the app's OAuth client id (ca_…) the page offers Connect with Stripe besides the pasted key.
      await configApi('/sources', {
        name: sourceName,
        provider: 'stripe',
        private_key: platform.secret_key,
        oauth_client_id: platform.client_id,
      });
      await configApi('/syncs', { name: syncName, source: sourceName, destination: `warehouse_${suffix}` });
      await configApi(`/syncs/${syncName}/collections`, { resource_type: 'charges' });

      return {
        organizationName,
        authorization,
        sourceName,
        destination,
        api: <T>(pathname: string, init: { method?: string; body?: unknown } = {}) =>
          call<T>(`${accountsApi.url}${pathname}`, { ...init, headers: { authorization } }),
      };
    };

    return {
      emulator,
      configService,
      accountsApi,
      loader,
      createProviderAccount,
      newIntegrator,
      controlPlane: async <T extends Record<string, unknown>>(sql: string, values: unknown[] = []) => (await db.query<T>(sql, values)).rows,
      async stop() {
        await Promise.all(started.map((s) => s.stop()));
        await Promise.all(destinations.map((d) => d.drop()));
        await db.end();
        await controlPlane.drop();
      },
    };
  } catch (err) {
    await Promise.all(started.map((s) => s.stop()));
    await db.end().catch(() => undefined);
    await controlPlane.drop();
    throw err;
  }
}

export interface ReturnPage {
  url: string;
  close(): Promise<void>;
}

/** The integrator's own page that the Link page sends the customer back to: it shows what it was told. */
export async function startReturnPage(): Promise<ReturnPage> {
  const server = http.createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = [...params].map(([k, v]) => `<tr><th>${escape(k)}</th><td id="${escape(k)}">${escape(v)}</td></tr>`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back at the integrator</title></head><body><h1>Back at the integrator</h1><table>${rows}</table></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/linked`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
