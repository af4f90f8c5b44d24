import { TABLES, type Knex } from '@datasync/db';
import { createLoaderStack, type BenchService, type LoaderStack, type ProviderAccount } from '../loaderStack';
import type { FreshnessBenchConfig } from './config';

/** An account of the bench: the loader's row id and the provider's id (the destination's `account_id`). */
export interface BenchAccount {
  id: string;
  externalId: string;
}

/**
 * The loader stack with one loader and the accounts API as processes at their default poll
 * settings (15 s; 5 min while webhooks are healthy). Accounts are connected to the source's app,
 * so that the app's Connect endpoint gets their events, and answer as bench:pace's do.
 */
export interface FreshnessSystem {
  stack: LoaderStack;
  /** A connected account with `charges` charges, inserted and attached; resolves once its rows are all loaded. */
  attachAccounts(count: number, charges: number): Promise<BenchAccount[]>;
  /** The app's Connect endpoint at the emulator, pointed at accounts-api, and its secret set on the source. */
  enableWebhooks(): Promise<void>;
  /** Each account's poll interval as the loader recorded it (pollMode); the default one until then. */
  pollIntervals(accounts: BenchAccount[]): Promise<Map<string, number>>;
  /** Every interval of these accounts' `account.poll` schedulers in Redis. */
  schedulerIntervals(accounts: BenchAccount[]): Promise<number[]>;
  /** Provider requests these accounts have been served, summed per endpoint (`GET /v1/events`), by the emulator's count. */
  requests(accounts: BenchAccount[]): Promise<Map<string, number>>;
  /** The charge's description as the destination holds it, per charge id. */
  descriptions(ids: string[]): Promise<Map<string, string | null>>;
  /** Changes a charge at the provider (the emulator's admin update: a new event, a webhook if enabled). */
  describe(account: BenchAccount, chargeId: string, description: string): Promise<void>;
  close(): Promise<void>;
}

const IDLE_FOR_S = 3_600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, deadline: number, check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export async function startFreshnessSystem(config: FreshnessBenchConfig): Promise<FreshnessSystem> {
  const stack = await createLoaderStack({ name: 'bench-freshness', databaseUrl: config.BENCH_DATABASE_URL, redisUrl: config.REDIS_URL });
  try {
    const env = {
      ...stack.serviceEnv,
      PROVIDER_RATE_TEST_PER_SECOND: String(config.BENCH_FRESHNESS_PROVIDER_LIMIT),
      PROVIDER_RATE_ENDPOINT_PER_SECOND: String(config.BENCH_FRESHNESS_PROVIDER_LIMIT),
    };
    await stack.startService('loader', env);
    const api: BenchService = await stack.startService('accounts-api', env);
    const destination: Knex = stack.destination;

    const attachAccounts = async (count: number, charges: number): Promise<BenchAccount[]> => {
      const accounts = await Promise.all(
        Array.from({ length: count }, async () => {
          const provider = await stack.admin<ProviderAccount>('POST', '/accounts', {
            objects: { charges },
            rate_limit: config.BENCH_FRESHNESS_PROVIDER_LIMIT,
            latency_ms: { min: 200, max: 600 },
            connected_to: stack.source.appId,
            // Objects (and their events) of an hour ago: an idle account has nothing in the poll's
            // look-back window (LOADER_EVENT_LOOKBACK_S), so its poll is the one events request.
            end: Math.floor(Date.now() / 1000) - IDLE_FOR_S,
          });
          const id = await stack.insertAccount(provider);
          await stack.producer.enqueue('account.attach', { accountId: id });
          return { id, externalId: provider.id };
        }),
      );
      const deadline = Date.now() + 90_000;
      for (const account of accounts) {
        await until(`account ${account.externalId} loaded`, deadline, async () => (await stack.chargeRows(account.externalId)) >= charges);
      }
      // The verification after the load lists the account's charges once; the idle windows count
      // the steady state after it.
      await until(`${count} accounts verified after their load`, deadline, async () => {
        const verified = (await stack
          .knex(TABLES.tableVerifications)
          .whereIn(
            'account_id',
            accounts.map((a) => a.id),
          )
          .whereNotNull('verified_at')
          .count({ n: '*' })) as { n: string }[];
        return Number(verified[0]?.n ?? 0) >= accounts.length;
      });
      return accounts;
    };

    return {
      stack,
      attachAccounts,
      async enableWebhooks() {
        const created = await fetch(`${stack.emulator.url}/v1/webhook_endpoints`, {
          method: 'POST',
          headers: { authorization: `Bearer ${stack.source.appKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            url: `${api.url}/webhooks/stripe/${stack.source.id}`,
            'enabled_events[]': '*',
            connect: 'true',
          }).toString(),
        });
        const text = await created.text();
        if (!created.ok) throw new Error(`POST /v1/webhook_endpoints answered ${created.status}: ${text.slice(0, 300)}`);
        await stack.setWebhookSecret((JSON.parse(text) as { secret: string }).secret);
      },
      async pollIntervals(accounts) {
        const rows = (await stack
          .knex(TABLES.accountPollModes)
          .whereIn(
            'account_id',
            accounts.map((a) => a.id),
          )
          .select('account_id', 'interval_ms')) as { account_id: string; interval_ms: number }[];
        return new Map(rows.map((r) => [r.account_id, Number(r.interval_ms)]));
      },
      async schedulerIntervals(accounts) {
        const wanted = new Set(accounts.map((a) => `poll-${a.id}`));
        const schedulers = await stack.producer.queue('incremental').getJobSchedulers();
        return schedulers.filter((s) => wanted.has(s.key) || wanted.has(s.id ?? '')).map((s) => Number(s.every));
      },
      async requests(accounts) {
        const served = new Map<string, number>();
        for (const a of accounts) {
          const stats = await stack.admin<{ by_endpoint: Record<string, number> }>('GET', `/accounts/${a.externalId}/stats`);
          for (const [endpoint, n] of Object.entries(stats.by_endpoint)) served.set(endpoint, (served.get(endpoint) ?? 0) + n);
        }
        return served;
      },
      async descriptions(ids) {
        const rows = (await destination('stripe_charges')
          .whereIn('id', ids)
          .select('id', destination.raw("data->>'description' as description"))) as {
          id: string;
          description: string | null;
        }[];
        return new Map(rows.map((r) => [r.id, r.description]));
      },
      async describe(account, chargeId, description) {
        await stack.admin('POST', `/accounts/${account.externalId}/charges/${chargeId}`, { description });
      },
      close: () => stack.close(),
    };
  } catch (err) {
    await stack.close();
    throw err;
  }
}
