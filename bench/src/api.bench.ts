import { randomBytes } from 'node:crypto';
import { TABLES } from '@datasync/db';
import { apiBenchConfig } from './api/config';
import { formatMeasured, measure, type Measured } from './api/measure';
import { startService, type RunningService } from './api/processes';
import { benchClients, benchDatabase, type BenchClient } from './api/setup';
import { formatTable, type Figure } from './report';

// `npm run bench:api`: the accounts-api (built, production settings) against local Postgres and
// Redis and the emulator, eight client credentials; every figure beside GET /health of the same
// server in the same run.

const CLIENTS = 8;
// Accounts each client registers for the toggles, besides the one its GETs read.
const TOGGLED_PER_CLIENT = 8;
const RATE_LIMITS = { RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '1000000' };

interface EmulatorAccount {
  id: string;
  secret_key: string;
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const newAccount = (emulator: RunningService) => () =>
  json<EmulatorAccount>(`${emulator.baseUrl}/_emulator/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ objects: { charges: 1 } }),
  });

async function manyAccounts(emulator: RunningService, count: number): Promise<EmulatorAccount[]> {
  const out: EmulatorAccount[] = [];
  while (out.length < count)
    out.push(...(await Promise.all(Array.from({ length: Math.min(20, count - out.length) }, newAccount(emulator)))));
  return out;
}

async function register(api: RunningService, client: BenchClient, key: string, identifier?: string): Promise<void> {
  await json(`${api.baseUrl}/accounts`, {
    method: 'POST',
    headers: { authorization: client.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ sourceType: 'stripe', credential: key, ...(identifier ? { identifier } : {}) }),
  });
}

async function main(): Promise<void> {
  const config = apiBenchConfig();
  const knex = await benchDatabase(config.BENCH_DATABASE_URL);
  const emulator = await startService('provider-emulator', {});
  let api: RunningService | undefined;
  try {
    const masterKeys = `bench:${randomBytes(32).toString('base64')}`;
    const clients = await benchClients(knex, masterKeys, CLIENTS, newAccount(emulator));
    const profile = config.BENCH_API_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${config.BENCH_API_CPU_PROF_DIR}`] : [];
    api = await startService(
      'accounts-api',
      {
        DATABASE_URL: config.BENCH_DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        SECRETS_MASTER_KEYS: masterKeys,
        PROVIDER_STRIPE_BASE_URL: emulator.baseUrl,
        API_REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
        // Required in production (the origin of Link URLs); no link is made here.
        LINK_PUBLIC_URL: 'http://127.0.0.1',
        ...RATE_LIMITS,
      },
      profile,
    );
    process.stdout.write(
      `accounts-api ${api.baseUrl}, ${CLIENTS} client credentials, rate limits raised for the run: ` +
        `${Object.entries(RATE_LIMITS)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}\n`,
    );
    const owned = await manyAccounts(emulator, CLIENTS * (1 + TOGGLED_PER_CLIENT));
    for (const [i, client] of clients.entries()) {
      await register(api, client, owned[i]?.secret_key ?? '', `bench-${i}`);
      for (let j = 0; j < TOGGLED_PER_CLIENT; j += 1) {
        await register(api, client, owned[CLIENTS + i * TOGGLED_PER_CLIENT + j]?.secret_key ?? '', `toggle-${i}-${j}`);
      }
    }
    const fresh = await manyAccounts(emulator, config.BENCH_API_POST_ACCOUNTS);
    process.stdout.write(`${fresh.length} fresh emulator accounts ready for POST /accounts\n\n`);

    const base = { url: api.baseUrl, connections: config.BENCH_API_CONNECTIONS, duration: config.BENCH_API_SECONDS };
    const auth = (client: BenchClient) => ({ authorization: client.authorization, 'content-type': 'application/json' });
    const gets = clients.map((c, i) => ({ method: 'GET' as const, path: `/accounts/stripe/bench-${i}`, headers: auth(c) }));
    // Integrators pause and resume their many customers' accounts, not one account from every
    // connection at once: the toggles go round the accounts, each flipping on its next turn, so
    // two connections rarely wait for the same row's lock.
    let toggles = 0;
    const puts: NonNullable<Parameters<typeof measure>[1]['requests']> = [
      {
        method: 'PUT',
        path: '/accounts/stripe/toggle-0-0',
        setupRequest: (request) => {
          const n = toggles++;
          const account = n % (CLIENTS * TOGGLED_PER_CLIENT);
          const i = Math.floor(account / TOGGLED_PER_CLIENT);
          const active = Math.floor(n / (CLIENTS * TOGGLED_PER_CLIENT)) % 2 === 1;
          return {
            ...request,
            path: `/accounts/stripe/toggle-${i}-${account % TOGGLED_PER_CLIENT}`,
            headers: auth(clients[i] as BenchClient),
            body: JSON.stringify({ active }),
          };
        },
      },
    ];
    await measure('warm-up', { ...base, duration: 2, requests: gets });

    const health = await measure('GET /health', { ...base, requests: [{ method: 'GET', path: '/health' }] });
    const get = await measure('GET /accounts/{type}/{id}', { ...base, requests: gets });
    const put = await measure('PUT /accounts/{type}/{id}', { ...base, requests: puts });
    let next = 0;
    const post = await measure('POST /accounts (fresh account)', {
      url: api.baseUrl,
      connections: config.BENCH_API_POST_CONNECTIONS,
      amount: fresh.length,
      requests: [
        {
          method: 'POST',
          path: '/accounts',
          setupRequest: (request) => {
            const i = next++;
            const client = clients[i % clients.length] as BenchClient;
            return {
              ...request,
              headers: auth(client),
              body: JSON.stringify({ sourceType: 'stripe', credential: fresh[i % fresh.length]?.secret_key }),
            };
          },
        },
      ],
    });
    const rows: Measured[] = [health, get, put, post];
    process.stdout.write(`${formatMeasured(rows, health)}\n\n`);

    const registered = Number(
      (
        (await knex(TABLES.accounts)
          .whereIn(
            'environment_id',
            clients.map((c) => c.environmentId),
          )
          .count({ n: '*' })) as { n: string }[]
      )[0]?.n,
    );
    const figures: Figure[] = [
      {
        name: 'GET account req/s ÷ /health req/s',
        value: get.requestsPerSecond / health.requestsPerSecond,
        unit: '×',
        goal: 0.3,
        kind: 'min',
      },
      { name: 'GET account p99', value: get.p99, unit: 'ms', goal: 50, kind: 'max' },
      {
        name: 'PUT toggle req/s ÷ /health req/s',
        value: put.requestsPerSecond / health.requestsPerSecond,
        unit: '×',
        goal: 0.3,
        kind: 'min',
      },
      { name: 'PUT toggle p99', value: put.p99, unit: 'ms', goal: 50, kind: 'max' },
      { name: 'POST /accounts p99', value: post.p99, unit: 'ms', goal: 100, kind: 'max' },
      { name: 'failed requests (all runs)', value: rows.reduce((n, r) => n + r.failures, 0), unit: '', goal: 1, kind: 'max' },
      { name: 'accounts registered by POST', value: registered - CLIENTS, unit: '', goal: fresh.length, kind: 'min' },
    ];
    process.stdout.write(`${formatTable(figures)}\n`);
    // The run's tenants go with their organizations (cascade), so the bench database stays small.
    await knex(TABLES.organizations)
      .whereIn(
        'id',
        knex(TABLES.environments)
          .whereIn(
            'id',
            clients.map((c) => c.environmentId),
          )
          .select('organization_id'),
      )
      .delete();
  } finally {
    await api?.stop();
    await emulator.stop();
    await knex.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
