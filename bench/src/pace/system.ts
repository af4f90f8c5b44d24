import { TABLES, type Knex } from '@datasync/db';
import { createLoaderStack, parseSettingsList, type ProviderAccount } from '../loaderStack';
import { registerAccount } from '../accountsApiClient';
import type { PaceBenchConfig } from './config';

/**
 * The loader stack with the accounts API and the loaders as processes. The loaders take the
 * provider's limit as twice the emulator's, so that a source's rate_budget_percent of 25 or 50
 * gives a budget of half or all of what the emulator allows (the API caps a source at 80 %).
 */
export interface PaceSystem {
  knex: Knex;
  destination: Knex;
  /** A provider account with its own limit and answer times. */
  newProviderAccount(charges: number, latency: { min: number; max: number }): Promise<ProviderAccount>;
  /** The share of the provider limit the loaders believe, so that the account's budget is `budget` req/s. */
  setBudget(budget: number): Promise<void>;
  /** POST /accounts as a client that honours the API's 429s (waits Retry-After, asks again); resolves at its 200. */
  register(account: ProviderAccount): Promise<void>;
  rows(identifier: string): Promise<number>;
  rowsPerAccount(): Promise<Map<string, number>>;
  stats(identifier: string): Promise<{ requests: number; rate_limited: number }>;
  close(): Promise<void>;
}

export async function startPaceSystem(config: PaceBenchConfig): Promise<PaceSystem> {
  const stack = await createLoaderStack({ name: 'bench-pace', databaseUrl: config.BENCH_DATABASE_URL, redisUrl: config.REDIS_URL });
  try {
    const believed = config.BENCH_PACE_PROVIDER_LIMIT * 2;
    const env = {
      ...stack.serviceEnv,
      PROVIDER_RATE_TEST_PER_SECOND: String(believed),
      PROVIDER_RATE_ENDPOINT_PER_SECOND: String(believed),
    };
    for (let i = 0; i < config.BENCH_PACE_LOADERS; i += 1) {
      await stack.startService('loader', { ...env, ...parseSettingsList(config.BENCH_PACE_LOADER_ENV) });
    }
    // The API's own limits stay at their defaults unless set: the many-accounts client meets its 429s.
    const api = await stack.startService('accounts-api', { ...env, ...parseSettingsList(config.BENCH_PACE_API_ENV) });
    const authorization = await stack.clientAuthorization();

    return {
      knex: stack.knex,
      destination: stack.destination,
      newProviderAccount: (charges, latency) =>
        stack.admin<ProviderAccount>('POST', '/accounts', {
          objects: { charges },
          rate_limit: config.BENCH_PACE_PROVIDER_LIMIT,
          latency_ms: latency,
        }),
      async setBudget(budget) {
        const percent = Math.round((100 * budget) / believed);
        await stack.knex(TABLES.sources).update({ rate_budget_percent: percent });
      },
      register: (account) => registerAccount(api.url, authorization, account.secret_key),
      rows: (identifier) => stack.chargeRows(identifier),
      rowsPerAccount: () => stack.rowsPerAccount(),
      stats: (identifier) => stack.admin('GET', `/accounts/${identifier}/stats`),
      close: () => stack.close(),
    };
  } catch (err) {
    await stack.close();
    throw err;
  }
}
