import type { Knex } from '@datasync/db';
import type { JobCatalog, Producer } from '@datasync/queue';
import { createLoaderStack, type BenchService, type ProviderAccount } from '../loaderStack';
import type { AccountsBenchConfig } from './config';

export interface BenchAccount {
  id: string;
  identifier: string;
  key: string;
}

/**
 * The loader stack (the bench's own control plane and destination databases, dropped at the end,
 * the emulator, a tenant with a sync of charges) and the loaders. Accounts are inserted as
 * libs/accounts inserts them and attached with `account.attach`.
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
  /** Rows of `stripe_charges` per provider account id; empty while the table does not exist. */
  rowsPerAccount(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export async function createBenchWorld(config: AccountsBenchConfig, loaderEnv: Record<string, string>): Promise<BenchWorld> {
  const stack = await createLoaderStack({ name: 'bench-accounts', databaseUrl: config.BENCH_DATABASE_URL, redisUrl: config.REDIS_URL });
  try {
    const env = { ...stack.serviceEnv, LOADER_POLL_INTERVAL_MS: String(config.BENCH_ACCOUNTS_POLL_INTERVAL_MS), ...loaderEnv };
    const loaders: BenchService[] = [];
    for (let i = 0; i < config.BENCH_ACCOUNTS_LOADERS; i += 1) loaders.push(await stack.startService('loader', env));

    return {
      knex: stack.knex,
      destination: stack.destination,
      emulator: stack.emulator,
      loaders,
      producer: stack.producer,
      admin: stack.admin,
      async addAccounts(count, objects, faults = {}) {
        const made: BenchAccount[] = [];
        while (made.length < count) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(20, count - made.length) }, () =>
              stack.admin<ProviderAccount>('POST', '/accounts', { objects, ...faults }),
            ),
          );
          for (const account of batch)
            made.push({ id: await stack.insertAccount(account), identifier: account.id, key: account.secret_key });
        }
        return made;
      },
      async attach(account) {
        await stack.producer.enqueue('account.attach', { accountId: account.id });
      },
      rowsPerAccount: () => stack.rowsPerAccount(),
      close: () => stack.close(),
    };
  } catch (err) {
    await stack.close();
    throw err;
  }
}
