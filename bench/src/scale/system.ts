import { TABLES, type Knex } from '@datasync/db';
import { registerAccount } from '../accountsApiClient';
import { createLoaderStack, parseSettingsList, type BenchService, type LoaderStack, type ProviderAccount } from '../loaderStack';
import { parseLatency, type ScaleBenchConfig } from './config';

/** An account of the bench at the provider: its id (the destination's `account_id`) and key. */
export interface ScaleAccount {
  id: string;
  secretKey: string;
}

export interface AccountStats {
  requests: number;
  rate_limited: number;
}

/**
 * The loader stack (its own control-plane and destination databases, the built emulator, a fresh
 * queue prefix) with the loaders and the accounts API as processes at their default poll settings.
 * Everything the bench measures it reads from outside: HTTP, Redis, Postgres statistics, /proc.
 */
export interface ScaleSystem {
  stack: LoaderStack;
  loaders: BenchService[];
  api: BenchService;
  /** `count` provider accounts with a few charges each, at the configured latency and limit. */
  createProviderAccounts(count: number): Promise<ScaleAccount[]>;
  /** `POST /accounts` honouring the API's 429s; resolves at its 200. */
  attach(account: ScaleAccount): Promise<void>;
  /** Accounts whose tables have all been verified once (the verification after the first load). */
  verifiedAccounts(): Promise<number>;
  stats(account: ScaleAccount): Promise<AccountStats>;
  /** Changes a charge at the provider: the emulator's admin update, which emits `charge.updated`. */
  describe(account: ScaleAccount, chargeId: string, description: string): Promise<void>;
  /** Charge ids and descriptions in the destination, of these accounts. */
  destinationCharges(accountIds: string[]): Promise<{ id: string; account_id: string; description: string | null }[]>;
  /** The description each charge has in the destination, by charge id. */
  descriptions(chargeIds: string[]): Promise<Map<string, string | null>>;
  /** Every charge of the account at the provider (`GET /v1/charges` with its key, as the loader reads it). */
  providerCharges(account: ScaleAccount): Promise<{ id: string; description: string | null }[]>;
  /** Stops the services, drops the databases, deletes the queue keys; safe to call more than once. */
  close(): Promise<void>;
}

const BATCH = 1_000; // the emulator's largest account batch

export async function startScaleSystem(config: ScaleBenchConfig): Promise<ScaleSystem> {
  const stack = await createLoaderStack({ name: 'bench-scale', databaseUrl: config.BENCH_DATABASE_URL, redisUrl: config.REDIS_URL });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= stack.close());
  try {
    const env = {
      ...stack.serviceEnv,
      PROVIDER_RATE_TEST_PER_SECOND: String(config.BENCH_SCALE_PROVIDER_LIMIT),
      PROVIDER_RATE_ENDPOINT_PER_SECOND: String(config.BENCH_SCALE_PROVIDER_LIMIT),
    };
    const loaders: BenchService[] = [];
    for (let i = 0; i < config.BENCH_SCALE_LOADERS; i += 1) {
      loaders.push(await stack.startService('loader', { ...env, ...parseSettingsList(config.BENCH_SCALE_LOADER_ENV) }));
    }
    // The API keeps its default limit (50 req/s per credential): the attach rate meets it.
    const api = await stack.startService('accounts-api', env);
    const authorization = await stack.clientAuthorization();
    const destination: Knex = stack.destination;

    return {
      stack,
      loaders,
      api,
      async createProviderAccounts(count) {
        const made: ScaleAccount[] = [];
        while (made.length < count) {
          const { data } = await stack.admin<{ data: ProviderAccount[] }>('POST', '/accounts/batch', {
            count: Math.min(BATCH, count - made.length),
            objects: { charges: config.BENCH_SCALE_CHARGES_PER_ACCOUNT },
            rate_limit: config.BENCH_SCALE_PROVIDER_LIMIT,
            latency_ms: parseLatency(config.BENCH_SCALE_LATENCY_MS),
            // Objects (and their events) of an hour ago: an idle account has nothing in the poll's
            // look-back window (LOADER_EVENT_LOOKBACK_S), so its poll is the one events request.
            end: Math.floor(Date.now() / 1000) - 3_600,
          });
          for (const a of data) made.push({ id: a.id, secretKey: a.secret_key });
        }
        return made;
      },
      attach: (account) => registerAccount(api.url, authorization, account.secretKey),
      async verifiedAccounts() {
        // An account counts once none of its tables is still unverified.
        const [row] = (await stack
          .knex(TABLES.tableVerifications)
          .countDistinct({ n: 'account_id' })
          .whereNotIn('account_id', stack.knex(TABLES.tableVerifications).whereNull('verified_at').select('account_id'))) as {
          n: string;
        }[];
        return Number(row?.n ?? 0);
      },
      stats: (account) => stack.admin<AccountStats>('GET', `/accounts/${account.id}/stats`),
      async describe(account, chargeId, description) {
        await stack.admin('POST', `/accounts/${account.id}/charges/${chargeId}`, { description });
      },
      async destinationCharges(accountIds) {
        try {
          return (await destination('stripe_charges')
            .whereIn('account_id', accountIds)
            .select('id', 'account_id', destination.raw("data->>'description' as description"))) as {
            id: string;
            account_id: string;
            description: string | null;
          }[];
        } catch {
          return [];
        }
      },
      async descriptions(chargeIds) {
        const rows = (await destination('stripe_charges')
          .whereIn('id', chargeIds)
          .select('id', destination.raw("data->>'description' as description"))) as { id: string; description: string | null }[];
        return new Map(rows.map((r) => [r.id, r.description]));
      },
      async providerCharges(account) {
        const charges: { id: string; description: string | null }[] = [];
        let after: string | undefined;
        for (;;) {
          const query = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) });
          const response = await fetch(`${stack.emulator.url}/v1/charges?${query}`, {
            headers: { authorization: `Bearer ${account.secretKey}` },
          });
          if (!response.ok) throw new Error(`GET /v1/charges of ${account.id} answered ${response.status}`);
          const page = (await response.json()) as { data: { id: string; description: string | null }[]; has_more: boolean };
          charges.push(...page.data.map((c) => ({ id: c.id, description: c.description })));
          if (!page.has_more || page.data.length === 0) return charges;
          after = page.data[page.data.length - 1]?.id;
        }
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
