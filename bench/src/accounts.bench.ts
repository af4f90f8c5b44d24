import { TABLES } from '@datasync/db';
import { accountsBenchConfig, type AccountsBenchConfig } from './accounts/config';
import { createBenchWorld, type BenchAccount, type BenchWorld } from './accounts/world';
import { parseSettingsList } from './loaderStack';
import { formatTable, type Figure } from './report';
import { percentile } from './percentile';

// `npm run bench:accounts` (the second part of `npm run bench:loader`): the loader serving many
// accounts, built services against the local Postgres and Redis and the emulator. Many accounts
// attached together (first row of each, total time), one account backfilled against a provider rate limit
// equal to its budget (share of the budget turned into objects/s), and freshness of changes once
// accounts are live (poll interval + 5 s). The MySQL writer against LOAD DATA is
// `npm run bench:writer`'s (the third part of `npm run bench:loader`).

const TICK_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function liveAccounts(world: BenchWorld): Promise<Set<string>> {
  return new Set((await world.knex(TABLES.accountStates).where({ status: 'live' }).pluck('account_id')) as string[]);
}

async function manyAccounts(world: BenchWorld, config: AccountsBenchConfig, figures: Figure[]): Promise<BenchAccount[]> {
  const count = config.BENCH_ACCOUNTS_ACCOUNTS;
  const charges = config.BENCH_ACCOUNTS_CHARGES_PER_ACCOUNT;
  const accounts = await world.addAccounts(count, { charges });
  const started = Date.now();
  await Promise.all(accounts.map((a) => world.attach(a)));
  const firstRow = new Map<string, number>();
  const live = new Map<string, number>();
  const deadline = started + 15 * 60_000;
  while (live.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${live.size} of ${count} accounts live after 15 minutes`);
    const now = Date.now() - started;
    for (const [identifier, n] of await world.rowsPerAccount()) if (n > 0 && !firstRow.has(identifier)) firstRow.set(identifier, now);
    const done = await liveAccounts(world);
    for (const account of accounts) if (done.has(account.id) && !live.has(account.id)) live.set(account.id, now);
    await sleep(TICK_MS);
  }
  const total = Math.max(...live.values());
  const counts = await world.rowsPerAccount();
  const inexact = accounts.filter((a) => counts.get(a.identifier) !== charges).length;
  const firsts = accounts.map((a) => firstRow.get(a.identifier) ?? total);
  process.stdout.write(
    `many accounts: ${count} × ${charges} charges attached together; first row p50 ${(percentile(firsts, 50) / 1000).toFixed(1)} s, ` +
      `p95 ${(percentile(firsts, 95) / 1000).toFixed(1)} s, max ${(Math.max(...firsts) / 1000).toFixed(1)} s; all live after ` +
      `${(total / 1000).toFixed(1)} s (${Math.round((count * charges) / (total / 1000))} rows/s); accounts not exact: ${inexact}\n`,
  );
  figures.push({ name: 'many accounts: slowest first row', value: Math.max(...firsts) / 1000, unit: 's', goal: 30, kind: 'max' });
  figures.push({ name: 'many accounts: accounts not exact', value: inexact, unit: '', goal: 1, kind: 'max' });
  return accounts;
}

async function rateLimited(world: BenchWorld, config: AccountsBenchConfig, figures: Figure[]): Promise<void> {
  const rate = config.BENCH_ACCOUNTS_RATE;
  const charges = config.BENCH_ACCOUNTS_RATE_LIMITED_CHARGES;
  const [account] = await world.addAccounts(1, { charges }, { rate_limit: rate });
  if (!account) throw new Error('no account');
  const started = Date.now();
  await world.attach(account);
  for (;;) {
    if ((await liveAccounts(world)).has(account.id)) break;
    if (Date.now() - started > 30 * 60_000) throw new Error('the rate-limited account is not live after 30 minutes');
    await sleep(TICK_MS);
  }
  const seconds = (Date.now() - started) / 1000;
  const stats = await world.admin<{ requests: number; rate_limited: number }>('GET', `/accounts/${account.identifier}/stats`);
  const rows = (await world.rowsPerAccount()).get(account.identifier) ?? 0;
  const objectsPerSecond = rows / seconds;
  // A page holds 100 objects: the budget's objects/s is 100 × its requests/s.
  const budgetObjects = rate * 100;
  process.stdout.write(
    `rate-limited: ${rows} of ${charges} charges in ${seconds.toFixed(1)} s at a budget and provider limit of ${rate} req/s = ` +
      `${Math.round(objectsPerSecond)} objects/s (${((100 * objectsPerSecond) / budgetObjects).toFixed(0)}% of ${budgetObjects}); ` +
      `${stats.requests} requests, ${stats.rate_limited} answered 429\n`,
  );
  figures.push({ name: 'rate-limited: share of the budget', value: objectsPerSecond / budgetObjects, unit: '', goal: 0.9, kind: 'min' });
}

async function freshness(world: BenchWorld, config: AccountsBenchConfig, accounts: BenchAccount[], figures: Figure[]): Promise<void> {
  const interval = config.BENCH_ACCOUNTS_POLL_INTERVAL_MS;
  const picked = accounts.slice(0, Math.min(20, accounts.length));
  const targets: { account: BenchAccount; id: string }[] = [];
  for (const account of picked) {
    const response = await fetch(`${world.emulator.url}/v1/charges?limit=5`, { headers: { authorization: `Bearer ${account.key}` } });
    const body = (await response.json()) as { data: { id: string }[] };
    for (const object of body.data) targets.push({ account, id: object.id });
  }
  const window = interval * 3;
  const pending = new Map<string, { changedAt: number; id: string }>();
  const latencies: number[] = [];
  // One change per object, so every marker stays in the destination until it is seen.
  if (config.BENCH_ACCOUNTS_CHANGES > targets.length) throw new Error(`at most ${targets.length} changes: one per object`);
  const changes = Array.from({ length: config.BENCH_ACCOUNTS_CHANGES }, (_, n) => ({ n, at: Math.random() * window, target: targets[n]! }));
  const started = Date.now();
  const making = Promise.all(
    changes.map(async ({ n, at, target }) => {
      await sleep(at);
      const marker = `fresh-${n}-${Date.now()}`;
      const changedAt = Date.now();
      const response = await fetch(`${world.emulator.url}/_emulator/accounts/${target.account.identifier}/charges/${target.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: marker }),
      });
      if (!response.ok) throw new Error(`updating ${target.id} answered ${response.status}`);
      pending.set(marker, { changedAt, id: target.id });
    }),
  );
  let made = false;
  void making.then(() => (made = true));
  while (!made || pending.size > 0) {
    if (Date.now() - started > window + 5 * interval) throw new Error(`${pending.size} changes never reached the destination`);
    if (pending.size > 0) {
      const ids = [...new Set([...pending.values()].map((p) => p.id))];
      const rows = (await world
        .destination('stripe_charges')
        .whereIn('id', ids)
        .select('id', world.destination.raw("data->>'description' as description"))) as {
        id: string;
        description: string | null;
      }[];
      const seenAt = Date.now();
      for (const row of rows) {
        const change = row.description ? pending.get(row.description) : undefined;
        if (!change) continue;
        latencies.push(seenAt - change.changedAt);
        pending.delete(row.description as string);
      }
    }
    await sleep(200);
  }
  await making;
  const p95 = percentile(latencies, 95);
  process.stdout.write(
    `freshness: ${latencies.length} changes measured, poll interval ${interval / 1000} s: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, ` +
      `p95 ${(p95 / 1000).toFixed(1)} s, max ${(Math.max(...latencies) / 1000).toFixed(1)} s\n`,
  );
  figures.push({ name: 'freshness p95', value: p95 / 1000, unit: 's', goal: interval / 1000 + 5, kind: 'max' });
}

/** Jobs run and seconds spent per job name, summed over the loaders (their Prometheus metrics). */
async function jobTimes(world: BenchWorld): Promise<string> {
  const totals = new Map<string, { count: number; seconds: number }>();
  for (const loader of world.loaders) {
    const text = await (await fetch(`${loader.url}/metrics`)).text();
    for (const line of text.split('\n')) {
      const match = /^datasync_loader_job_duration_seconds_(count|sum)\{job="([^"]+)",outcome="([^"]+)"\} ([0-9.e+-]+)$/.exec(line);
      if (!match) continue;
      const [, kind, job, outcome, value] = match as unknown as [string, string, string, string, string];
      const key = `${job} ${outcome}`;
      const entry = totals.get(key) ?? { count: 0, seconds: 0 };
      if (kind === 'count') entry.count += Number(value);
      else entry.seconds += Number(value);
      totals.set(key, entry);
    }
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, t]) => `  ${key}: ${t.count} jobs, ${t.seconds.toFixed(1)} s`)
    .join('\n');
}

async function main(): Promise<void> {
  const config = accountsBenchConfig();
  // The variables are the provider's limits and a source spends its rate_budget_percent (50 by
  // default) of them: twice the rate gives each account a budget of BENCH_ACCOUNTS_RATE req/s.
  const limit = String(config.BENCH_ACCOUNTS_RATE * 2);
  const loaderEnv = {
    PROVIDER_RATE_TEST_PER_SECOND: limit,
    PROVIDER_RATE_ENDPOINT_PER_SECOND: limit,
    ...parseSettingsList(config.BENCH_ACCOUNTS_LOADER_ENV),
  };
  process.stdout.write(`loaders: ${config.BENCH_ACCOUNTS_LOADERS}, settings ${JSON.stringify(loaderEnv)}\n`);
  const world = await createBenchWorld(config, loaderEnv);
  const figures: Figure[] = [];
  const wanted = new Set(config.BENCH_ACCOUNTS_FIGURES.split(','));
  try {
    if (wanted.has('many')) {
      const accounts = await manyAccounts(world, config, figures);
      if (wanted.has('freshness')) await freshness(world, config, accounts, figures);
    }
    if (wanted.has('rate')) await rateLimited(world, config, figures);
    process.stdout.write(`job time by job and outcome:\n${await jobTimes(world)}\n`);
  } finally {
    await world.close();
  }
  process.stdout.write(`\n${formatTable(figures)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:accounts failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
