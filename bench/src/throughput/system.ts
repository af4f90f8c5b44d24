import { readFileSync } from 'node:fs';
import { TABLES, type Knex } from '@datasync/db';
import { createLoaderStack, parseSettingsList, type BenchService, type ProviderAccount } from '../loaderStack';
import type { ThroughputBenchConfig } from './config';

// One system per phase of `npm run bench:loader`: the loader stack (its own databases, the built
// emulator, a tenant with a sync of charges) with one loader and the accounts API as processes.
// Every phase starts fresh, so no phase measures another's leftover work.

/** Resident set size of a process, from /proc, in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : NaN;
}

export interface BenchSystem {
  knex: Knex;
  destination: Knex;
  /** The destination database's URL, for psql. */
  destinationUrl: string;
  emulatorUrl: string;
  loader: BenchService;
  newProviderAccount(charges: number): Promise<ProviderAccount>;
  /** POST /accounts through the accounts API; resolves at its 200. */
  register(account: ProviderAccount): Promise<void>;
  /** Inserted as libs/accounts inserts it and attached with `account.attach` (no API round trip). */
  insertAndAttach(account: ProviderAccount): Promise<string>;
  rows(identifier: string): Promise<number>;
  /**
   * Rows the loader has committed for the provider account (its account state's `rows_loaded`):
   * one indexed row to read, so it can be polled often without loading the destination.
   */
  rowsLoaded(providerAccountId: string): Promise<number>;
  status(accountId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface BenchSystemOptions {
  /** Settings of the emulator (`EMULATOR_LATENCY_MS: '0'`); its defaults otherwise. */
  emulatorEnv?: Record<string, string>;
}

export async function startBenchSystem(config: ThroughputBenchConfig, options: BenchSystemOptions = {}): Promise<BenchSystem> {
  const stack = await createLoaderStack({
    name: 'bench-throughput',
    databaseUrl: config.BENCH_DATABASE_URL,
    redisUrl: config.REDIS_URL,
    ...(options.emulatorEnv ? { emulatorEnv: options.emulatorEnv } : {}),
  });
  try {
    const env = {
      ...stack.serviceEnv,
      // The emulator runs without limits: the account's budget must not be what is measured.
      PROVIDER_RATE_TEST_PER_SECOND: '10000',
      PROVIDER_RATE_ENDPOINT_PER_SECOND: '10000',
    };
    const loader = await stack.startService('loader', { ...env, ...parseSettingsList(config.BENCH_THROUGHPUT_LOADER_ENV) });
    const api = await stack.startService('accounts-api', { ...env, RATE_LIMIT_PER_SECOND: '1000' });
    const authorization = await stack.clientAuthorization();

    return {
      knex: stack.knex,
      destination: stack.destination,
      destinationUrl: stack.destinationUrl,
      emulatorUrl: stack.emulator.url,
      loader,
      newProviderAccount: (charges) => stack.admin<ProviderAccount>('POST', '/accounts', { objects: { charges } }),
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
        const accountId = await stack.insertAccount(account);
        await stack.producer.enqueue('account.attach', { accountId });
        return accountId;
      },
      rows: (identifier) => stack.chargeRows(identifier),
      async rowsLoaded(providerAccountId) {
        const [row] = (await stack
          .knex(`${TABLES.accountStates} as s`)
          .join(`${TABLES.accounts} as a`, 'a.id', 's.account_id')
          .where('a.external_id', providerAccountId)
          .sum({ n: 's.rows_loaded' })) as { n: string | null }[];
        return Number(row?.n ?? 0);
      },
      async status(accountId) {
        return ((await stack.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)
          ?.status;
      },
      close: () => stack.close(),
    };
  } catch (err) {
    await stack.close();
    throw err;
  }
}
