import { paceBenchConfig, parseCells, type PaceBenchConfig, type PaceCell } from './pace/config';
import { startPaceSystem, type PaceSystem } from './pace/system';
import { formatTable, type Figure } from './report';
import { percentile } from './percentile';

// `npm run bench:pace` (part of `npm run bench:loader`): the loader at the provider's pace, with
// the emulator answering like Stripe (its own latency per account) and limiting each account
// to 25 req/s. Every figure starts at the POST /accounts of the accounts API.
// - budget: one account's backfill, in cells of charges × answer time × budget: the share of
//   the budget's objects/s (100 per request) reached up to the last row, and the 429s seen.
// - first: time to first row of accounts registered one after another.
// - many: accounts registered at once by a client that honours the API's 429s: first row of
//   each, and when every account's rows are all loaded.

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

const latencyName = (l: PaceCell['latency']) => (l.min === l.max ? `${l.min} ms` : `${l.min}-${l.max} ms`);

async function budgetCell(system: PaceSystem, cell: PaceCell, figures: Figure[]): Promise<void> {
  await system.setBudget(cell.budget);
  const account = await system.newProviderAccount(cell.charges, cell.latency);
  const started = Date.now();
  await system.register(account);
  const answered = (Date.now() - started) / 1000;
  // Past twice the ideal time something is wrong; the bound keeps the bench finite.
  const ideal = cell.charges / 100 / cell.budget;
  await until(`${cell.charges} rows`, Math.max(60, 3 * ideal) * 1000, async () => (await system.rows(account.id)) >= cell.charges);
  const seconds = (Date.now() - started) / 1000;
  const stats = await system.stats(account.id);
  const share = cell.charges / seconds / (cell.budget * 100);
  const name = `${cell.charges} charges, ${latencyName(cell.latency)}, budget ${cell.budget} req/s`;
  process.stdout.write(
    `budget: ${name}: ${seconds.toFixed(1)} s (ideal ${ideal.toFixed(1)} s, POST answered after ${answered.toFixed(2)} s) = ` +
      `${(100 * share).toFixed(0)}% of the budget; ` +
      `${stats.requests} requests, ${stats.rate_limited} answered 429\n`,
  );
  figures.push({ name: `share of the budget: ${name}`, value: share, unit: '', goal: 0.9, kind: 'min' });
  figures.push({ name: `429s: ${name}`, value: stats.rate_limited / Math.max(1, stats.requests), unit: '', goal: 0.01, kind: 'max' });
}

async function firstRows(system: PaceSystem, config: PaceBenchConfig, figures: Figure[]): Promise<void> {
  await system.setBudget(config.BENCH_PACE_PROVIDER_LIMIT / 2);
  const latency = { min: 200, max: 600 };
  const times: number[] = [];
  for (let i = 0; i < config.BENCH_PACE_FIRST_ROW_ACCOUNTS; i += 1) {
    const account = await system.newProviderAccount(1_000, latency);
    const started = Date.now();
    await system.register(account);
    await until('a first row', 60_000, async () => (await system.rows(account.id)) > 0);
    times.push((Date.now() - started) / 1000);
  }
  process.stdout.write(
    `first row, ${times.length} accounts one after another, 200-600 ms: p50 ${percentile(times, 50).toFixed(2)} s, p95 ${percentile(times, 95).toFixed(2)} s\n`,
  );
  figures.push({ name: 'first row p95, 200-600 ms', value: percentile(times, 95), unit: 's', goal: 2, kind: 'max' });
}

async function manyAccounts(system: PaceSystem, config: PaceBenchConfig, figures: Figure[]): Promise<void> {
  await system.setBudget(config.BENCH_PACE_PROVIDER_LIMIT / 2);
  const count = config.BENCH_PACE_MANY_ACCOUNTS;
  const charges = config.BENCH_PACE_MANY_CHARGES;
  const accounts = await Promise.all(Array.from({ length: count }, () => system.newProviderAccount(charges, { min: 200, max: 600 })));
  const started = Date.now();
  const answered: number[] = [];
  const registered = Promise.all(
    accounts.map(async (a) => {
      await system.register(a);
      answered.push((Date.now() - started) / 1000);
    }),
  );
  const firstRow = new Map<string, number>();
  const loaded = new Map<string, number>();
  while (loaded.size < count) {
    if (Date.now() - started > 10 * 60_000) throw new Error(`only ${loaded.size} of ${count} accounts loaded after 10 minutes`);
    const now = (Date.now() - started) / 1000;
    for (const [identifier, n] of await system.rowsPerAccount()) {
      if (n > 0 && !firstRow.has(identifier)) firstRow.set(identifier, now);
      if (n >= charges && !loaded.has(identifier)) loaded.set(identifier, now);
    }
    await sleep(POLL_MS * 4);
  }
  await registered;
  const firsts = [...firstRow.values()];
  const loadTimes = [...loaded.values()];
  const all = Math.max(...loadTimes);
  const counts = await system.rowsPerAccount();
  const inexact = accounts.filter((a) => counts.get(a.id) !== charges).length;
  process.stdout.write(
    `many: ${count} × ${charges} charges registered at once, 200-600 ms: POST /accounts answered p50 ${percentile(answered, 50).toFixed(1)} s, ` +
      `p95 ${percentile(answered, 95).toFixed(1)} s; first row p50 ${percentile(firsts, 50).toFixed(1)} s, ` +
      `p95 ${percentile(firsts, 95).toFixed(1)} s; an account's rows all loaded p50 ${percentile(loadTimes, 50).toFixed(1)} s, ` +
      `p95 ${percentile(loadTimes, 95).toFixed(1)} s; every row loaded after ${all.toFixed(1)} s; accounts not exact: ${inexact}\n`,
  );
  figures.push({ name: 'many accounts: first row p95', value: percentile(firsts, 95), unit: 's', goal: 3, kind: 'max' });
  figures.push({ name: 'many accounts: all rows loaded', value: all, unit: 's', goal: 20, kind: 'max' });
  figures.push({ name: 'many accounts: accounts not exact', value: inexact, unit: '', goal: 1, kind: 'max' });
}

async function main(): Promise<void> {
  const config = paceBenchConfig();
  const wanted = new Set(config.BENCH_PACE_FIGURES.split(','));
  const figures: Figure[] = [];
  // A fresh system per part: no part measures another's leftover work.
  const part = async (run: (system: PaceSystem) => Promise<void>) => {
    const system = await startPaceSystem(config);
    try {
      await run(system);
    } finally {
      await system.close();
    }
  };
  if (wanted.has('budget')) {
    await part(async (system) => {
      for (const cell of parseCells(config.BENCH_PACE_CELLS)) await budgetCell(system, cell, figures);
    });
  }
  if (wanted.has('first')) await part((system) => firstRows(system, config, figures));
  if (wanted.has('many')) await part((system) => manyAccounts(system, config, figures));
  process.stdout.write(`\n${formatTable(figures)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:pace failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
