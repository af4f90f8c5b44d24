import { TABLES } from '@datasync/db';
import { createLoaderStack, type BenchService, type LoaderStack, type ProviderAccount } from './loaderStack';
import { cpuSeconds } from './procStats';
import { formatTable, type Figure } from './report';
import { verifyBenchConfig, type VerifyBenchConfig } from './verify/config';

// `npm run bench:verify` (part of `npm run bench:loader`): one account of BENCH_VERIFY_CHARGES
// charges, loaded, then verified against the provider by one built loader whose budget is the
// provider's test-mode limit (the source's default 50 % share of it) while its poll runs. Requests
// are counted by the emulator, per endpoint. Figures: list requests used ÷ (objects / 100); the
// verification's request rate ÷ what the budget leaves after polling; the same with a share of
// the objects drifted, which must be repaired exactly (found = repaired = injected, and a check
// after it finds nothing); the loader's CPU time per object checked against its CPU time per row
// of the load before it, in the same run.

const SHARE = 0.5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stats {
  by_endpoint: Record<string, number>;
}

interface Verified {
  at: number;
  found: number;
  repaired: number;
}

async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

const requestsOf = (stats: Stats, match: (endpoint: string) => boolean): number =>
  Object.entries(stats.by_endpoint)
    .filter(([endpoint]) => match(endpoint))
    .reduce((n, [, count]) => n + count, 0);
const isCharges = (endpoint: string) => endpoint.includes('/v1/charges');
const isEvents = (endpoint: string) => endpoint.includes('/v1/events');

async function lastVerification(stack: LoaderStack, accountId: string): Promise<Verified | undefined> {
  const row = (await stack.knex(TABLES.tableVerifications).where({ account_id: accountId }).first()) as
    { verified_at: Date | null; drift_found: number; drift_repaired: number } | undefined;
  return row?.verified_at ? { at: row.verified_at.getTime(), found: row.drift_found, repaired: row.drift_repaired } : undefined;
}

async function accountStatus(stack: LoaderStack, accountId: string): Promise<string | undefined> {
  const row = (await stack.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined;
  return row?.status;
}

interface Measured {
  seconds: number;
  listRequests: number;
  pollRequests: number;
  verified: Verified;
  /** CPU time the loader used meanwhile. */
  cpuSeconds: number;
  /** List requests the emulator served in each whole second of the check. */
  perSecond: number[];
}

/** Samples the emulator's list requests once a second until stopped: where the rate dipped. */
function sampleRate(stats: () => Promise<Stats>): { stop(): Promise<number[]> } {
  const perSecond: number[] = [];
  let running = true;
  const done = (async () => {
    let last = requestsOf(await stats(), isCharges);
    while (running) {
      await sleep(1000);
      const now = requestsOf(await stats(), isCharges);
      perSecond.push(now - last);
      last = now;
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return perSecond;
    },
  };
}

/** Seconds by list requests served, as `requests×seconds`, most common first: the rate's spread. */
function rateSpread(perSecond: number[]): string {
  const counts = new Map<number, number>();
  for (const n of perSecond) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([n, seconds]) => `${n}×${seconds}`)
    .join(' ');
}

/** One full verification asked for now, with the requests the emulator served meanwhile. */
async function verifyOnce(stack: LoaderStack, loader: BenchService, account: ProviderAccount, accountId: string): Promise<Measured> {
  // The previous check's job may still be running (the one after the load takes as long as a
  // full check) or ending after it recorded its result: an enqueue under the same id meanwhile
  // would be absorbed by it.
  const backfill = stack.producer.queue('backfill');
  await until('the previous verification job to end', 30 * 60_000, async () =>
    ['unknown', 'completed', 'failed'].includes(await backfill.getJobState(`verify-${accountId}`)),
  );
  const before = (await lastVerification(stack, accountId))?.at ?? 0;
  const stats = () => stack.admin<Stats>('GET', `/accounts/${account.id}/stats`);
  const start = await stats();
  const started = Date.now();
  const cpuBefore = cpuSeconds(loader.pid);
  const sampler = sampleRate(stats);
  await stack.producer.enqueue('account.verify', { accountId, scope: 'full' });
  const verified = await until('the verification', 60 * 60_000, async () => {
    const last = await lastVerification(stack, accountId);
    return last && last.at > before ? last : undefined;
  });
  const seconds = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(loader.pid) - cpuBefore;
  const end = await stats();
  const perSecond = await sampler.stop();
  return {
    perSecond,
    seconds,
    listRequests: requestsOf(end, isCharges) - requestsOf(start, isCharges),
    pollRequests: requestsOf(end, isEvents) - requestsOf(start, isEvents),
    verified,
    cpuSeconds: cpu,
  };
}

async function injectDrift(stack: LoaderStack, account: ProviderAccount, identifier: string, count: number): Promise<void> {
  // Half lost from the destination, half changed at the provider without an event.
  const ids = (await stack
    .destination('stripe_charges')
    .where({ account_id: identifier })
    .orderByRaw('md5(id)')
    .limit(count)
    .pluck('id')) as string[];
  const lost = ids.slice(0, Math.floor(count / 2));
  const changed = ids.slice(lost.length);
  for (let i = 0; i < lost.length; i += 500)
    await stack
      .destination('stripe_charges')
      .where({ account_id: identifier })
      .whereIn('id', lost.slice(i, i + 500))
      .delete();
  for (let i = 0; i < changed.length; i += 20) {
    await Promise.all(
      changed
        .slice(i, i + 20)
        .map((id) => stack.admin('POST', `/accounts/${account.id}/charges/${id}?silent=true`, { description: `drift ${id}` })),
    );
  }
}

async function run(config: VerifyBenchConfig, figures: Figure[]): Promise<void> {
  const stack = await createLoaderStack({ name: 'bench-verify', databaseUrl: config.BENCH_DATABASE_URL, redisUrl: config.REDIS_URL });
  let loader: BenchService | undefined;
  try {
    const charges = config.BENCH_VERIFY_CHARGES;
    const account = await stack.admin<ProviderAccount>('POST', '/accounts', { objects: { charges } });
    const accountId = await stack.insertAccount(account);
    const identifier = account.id;
    const schedule = { LOADER_VERIFY_SETTLE_S: '0', LOADER_VERIFY_FULL_EVERY_MIN: '0', LOADER_VERIFY_RECENT_EVERY_MIN: '0' };
    // The load alone, with a budget that does not hold it back: its CPU time per row is the
    // baseline of the verification's.
    loader = await stack.startService('loader', {
      ...stack.serviceEnv,
      ...schedule,
      PROVIDER_RATE_TEST_PER_SECOND: '100000',
      LOADER_VERIFY_AFTER_LOAD: 'false',
    });
    const loadCpuBefore = cpuSeconds(loader.pid);
    await stack.producer.enqueue('account.attach', { accountId });
    await until('the load', 60 * 60_000, async () => (await accountStatus(stack, accountId)) === 'live');
    const loadCpuPerRow = (cpuSeconds(loader.pid) - loadCpuBefore) / charges;
    await loader.stop();

    // The loader that measures: the provider's own limit, polling every 5 s beside the verification.
    loader = await stack.startService('loader', {
      ...stack.serviceEnv,
      ...schedule,
      PROVIDER_RATE_TEST_PER_SECOND: String(config.BENCH_VERIFY_RATE),
      LOADER_POLL_INTERVAL_MS: '5000',
    });
    const budget = config.BENCH_VERIFY_RATE * SHARE;
    const clean = await verifyOnce(stack, loader, account, accountId);
    const pages = charges / 100;
    const cleanRate = clean.listRequests / clean.seconds;
    const leftAfterPolling = budget - clean.pollRequests / clean.seconds;
    process.stdout.write(
      `no drift, ${charges} charges: ${clean.listRequests} list requests in ${clean.seconds.toFixed(1)} s ` +
        `(${cleanRate.toFixed(2)} req/s; budget ${budget} req/s, polling used ${(clean.pollRequests / clean.seconds).toFixed(2)} req/s); ` +
        `drift found ${clean.verified.found}, repaired ${clean.verified.repaired}\n`,
    );
    process.stdout.write(`list requests per second (requests×seconds): ${rateSpread(clean.perSecond)}\n`);
    const checkCpuPerObject = clean.cpuSeconds / charges;
    process.stdout.write(
      `loader CPU: ${(loadCpuPerRow * 1e6).toFixed(0)} µs a row loaded, ${(checkCpuPerObject * 1e6).toFixed(0)} µs an object checked ` +
        `(polling every 5 s included)\n`,
    );
    if (clean.verified.found !== 0) throw new Error(`a verification without drift found ${clean.verified.found}`);
    figures.push({
      name: 'no drift: list requests / (objects / 100)',
      value: clean.listRequests / pages,
      unit: '',
      goal: 1.05,
      kind: 'max',
    });
    figures.push({
      name: 'no drift: loader CPU per object checked ÷ per row loaded',
      value: checkCpuPerObject / loadCpuPerRow,
      unit: '',
      goal: 1,
      kind: 'max',
    });
    figures.push({
      name: 'no drift: share of the budget left after polling',
      value: cleanRate / leftAfterPolling,
      unit: '',
      goal: 0.9,
      kind: 'min',
    });

    const drift = Math.round((charges * config.BENCH_VERIFY_DRIFT_PERCENT) / 100);
    await injectDrift(stack, account, identifier, drift);
    const drifted = await verifyOnce(stack, loader, account, accountId);
    const after = await verifyOnce(stack, loader, account, accountId);
    const rows = Number(
      (
        (await stack.destination('stripe_charges').where({ account_id: identifier, _deleted: false }).count({ n: '*' }).first()) as {
          n: string;
        }
      ).n,
    );
    process.stdout.write(
      `${config.BENCH_VERIFY_DRIFT_PERCENT} % drift (${drift} objects): found ${drifted.verified.found}, repaired ${drifted.verified.repaired}, ` +
        `${drifted.listRequests} list requests in ${drifted.seconds.toFixed(1)} s; a check after it found ${after.verified.found}; ` +
        `${rows} live rows for ${charges} charges\n`,
    );
    const exact = drifted.verified.found === drift && drifted.verified.repaired === drift && after.verified.found === 0 && rows === charges;
    figures.push({
      name: `${config.BENCH_VERIFY_DRIFT_PERCENT} % drift: list requests / (objects / 100)`,
      value: drifted.listRequests / pages,
      unit: '',
      goal: 1.05,
      kind: 'max',
    });
    figures.push({
      name: `${config.BENCH_VERIFY_DRIFT_PERCENT} % drift: repaired exactly (1 = yes)`,
      value: exact ? 1 : 0,
      unit: '',
      goal: 1,
      kind: 'min',
    });
  } finally {
    await loader?.stop().catch(() => undefined);
    await stack.close();
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  await run(verifyBenchConfig(), figures);
  process.stdout.write(`\n${formatTable(figures)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
