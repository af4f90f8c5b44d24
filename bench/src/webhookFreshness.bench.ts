import { freshnessBenchConfig, type FreshnessBenchConfig } from './freshness/config';
import { startFreshnessSystem, type BenchAccount, type FreshnessSystem } from './freshness/system';
import { formatTable, type Figure } from './report';
import { percentile } from './percentile';

// `npm run bench:freshness` (part of `npm run bench:loader`): what Stripe's webhooks buy
// (docs/webhooks.md), with the emulator answering like Stripe (200-600 ms, 25 req/s per account)
// and the loader and the accounts API at their default poll settings. One run, two phases on the
// same accounts: first without webhooks (poll every 15 s), then with the app's Connect endpoint
// delivering to accounts-api (poll stretched to 5 min, so a change that arrives in seconds came
// by webhook). In each phase, at once:
// - freshness: changes of charges at the emulator → the destination's row shows the change;
// - idle cost: provider requests of accounts nobody changes, over the idle window.

const CHARGES_PER_ACCOUNT = 10;
const IDLE_CHARGES = 2;
const NORMAL_POLL_MS = 15_000;
const CHECK_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

interface Charge {
  account: BenchAccount;
  id: string;
}

/** Each change's time from before its admin update to its row showing it, in ms; the changes go round `charges`. */
async function freshness(system: FreshnessSystem, config: FreshnessBenchConfig, charges: Charge[], tag: string): Promise<number[]> {
  const pending = new Map<string, { expected: string; started: number }>();
  const times: number[] = [];
  let making = true;
  const watching = (async () => {
    const deadline = Date.now() + config.BENCH_FRESHNESS_CHANGES * config.BENCH_FRESHNESS_SPACING_MS + 2 * NORMAL_POLL_MS + 15_000;
    while (making || pending.size > 0) {
      if (Date.now() > deadline) throw new Error(`${tag}: ${pending.size} changes not in the destination in time`);
      if (pending.size > 0) {
        const seen = await system.descriptions([...pending.keys()]);
        const now = Date.now();
        for (const [id, change] of pending) {
          if (seen.get(id) === change.expected) {
            times.push(now - change.started);
            pending.delete(id);
          }
        }
      }
      await sleep(CHECK_MS);
    }
  })();
  try {
    for (let n = 0; n < config.BENCH_FRESHNESS_CHANGES; n += 1) {
      // One change per charge at a time: a charge is changed again only once its last change arrived.
      const charge = charges[n % charges.length] as Charge;
      while (pending.has(charge.id)) await sleep(CHECK_MS);
      const expected = `${tag} ${n}`;
      const started = Date.now();
      pending.set(charge.id, { expected, started });
      await system.describe(charge.account, charge.id, expected);
      await sleep(config.BENCH_FRESHNESS_SPACING_MS);
    }
  } finally {
    making = false;
  }
  await watching;
  return times;
}

interface Served {
  total: number;
  /** "GET /v1/events × 80, …": where the requests went. */
  endpoints: string;
}

/** Provider requests of these accounts over the next `seconds`, summed. */
async function idleRequests(system: FreshnessSystem, accounts: BenchAccount[], seconds: number): Promise<Served> {
  const before = await system.requests(accounts);
  await sleep(seconds * 1000);
  const after = await system.requests(accounts);
  const delta = [...after].map(([endpoint, n]) => [endpoint, n - (before.get(endpoint) ?? 0)] as const).filter(([, n]) => n > 0);
  return {
    total: delta.reduce((sum, [, n]) => sum + n, 0),
    endpoints: delta.map(([endpoint, n]) => `${endpoint} × ${n}`).join(', ') || 'none',
  };
}

const summary = (times: number[]) =>
  `p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, p95 ${(percentile(times, 95) / 1000).toFixed(2)} s`;

async function run(system: FreshnessSystem, config: FreshnessBenchConfig, figures: Figure[]): Promise<void> {
  const [changing, idle] = await Promise.all([
    system.attachAccounts(config.BENCH_FRESHNESS_ACCOUNTS, CHARGES_PER_ACCOUNT),
    system.attachAccounts(config.BENCH_FRESHNESS_IDLE_ACCOUNTS, IDLE_CHARGES),
  ]);
  // Interleaved: consecutive changes are of different accounts.
  const byAccount = await Promise.all(
    changing.map(async (account) =>
      (
        (await system.stack.destination('stripe_charges').where({ account_id: account.externalId }).orderBy('id').pluck('id')) as string[]
      ).map((id) => ({ account, id })),
    ),
  );
  const charges: Charge[] = Array.from({ length: CHARGES_PER_ACCOUNT }, (_, i) => byAccount.map((list) => list[i] as Charge)).flat();
  const window = config.BENCH_FRESHNESS_IDLE_SECONDS;

  // Without webhooks: the normal poll, on every account.
  const [polled, polledIdle] = await Promise.all([freshness(system, config, charges, 'polled'), idleRequests(system, idle, window)]);
  const polledPerHour = (polledIdle.total / idle.length / window) * 3600;
  const requestsPerPoll = polledIdle.total / idle.length / (window / (NORMAL_POLL_MS / 1000));

  // With webhooks: healthy once a first delivery has reached the source; every account's poll is
  // stretched at its next poll (the changed accounts' by their poke), then runs once at once.
  await system.enableWebhooks();
  await freshness(system, config, charges.slice(0, changing.length), 'warm-up'); // one change per account
  const all = [...changing, ...idle];
  await until('every account to poll at the stretched interval', 2 * NORMAL_POLL_MS + 10_000, async () => {
    const intervals = await system.pollIntervals(all);
    return all.every((a) => (intervals.get(a.id) ?? NORMAL_POLL_MS) > NORMAL_POLL_MS);
  });
  await sleep(3_000); // the stretched scheduler's first poll, at once, is done
  const [hooked, hookedIdle] = await Promise.all([freshness(system, config, charges, 'webhook'), idleRequests(system, idle, window)]);
  const everies = await system.schedulerIntervals(idle);
  if (everies.length < idle.length) throw new Error(`${idle.length - everies.length} idle accounts have no poll scheduler`);
  const every = Math.min(...everies); // the most frequent one, should an account have fallen back
  // The window is shorter than the stretched interval and starts right after each scheduler's
  // first poll: what it counts is what the loader asks besides the scheduled polls; those are added
  // at their interval as installed in Redis, each costing what an idle poll cost without webhooks.
  const hookedPerHour = (hookedIdle.total / idle.length / window) * 3600 + (3600_000 / every) * requestsPerPoll;

  process.stdout.write(
    `freshness, ${polled.length} changes over ${changing.length} accounts, 200-600 ms per request:\n` +
      `  without webhooks (poll every ${NORMAL_POLL_MS / 1000} s): ${summary(polled)}\n` +
      `  with webhooks (poll every ${every / 1000} s): ${summary(hooked)}\n` +
      `  ratio without/with: p50 ${(percentile(polled, 50) / percentile(hooked, 50)).toFixed(1)}×, p95 ${(percentile(polled, 95) / percentile(hooked, 95)).toFixed(1)}×\n` +
      `requests per idle account, ${idle.length} accounts, ${window} s windows:\n` +
      `  without webhooks: ${polledIdle.total} requests (${polledIdle.endpoints}) = ${polledPerHour.toFixed(0)}/h (${requestsPerPoll.toFixed(2)} per poll)\n` +
      `  with webhooks: ${hookedIdle.total} requests in the window (${hookedIdle.endpoints}) + one poll every ${every / 1000} s (schedulers: ${[...new Set(everies)].join(', ')} ms) = ${hookedPerHour.toFixed(1)}/h\n`,
  );
  figures.push({ name: 'freshness p95 with webhooks, 200-600 ms', value: percentile(hooked, 95) / 1000, unit: 's', goal: 2, kind: 'max' });
  figures.push({ name: 'requests per idle account per hour with webhooks', value: hookedPerHour, unit: '', goal: 15, kind: 'max' });
}

async function main(): Promise<void> {
  const config = freshnessBenchConfig();
  const figures: Figure[] = [];
  const system = await startFreshnessSystem(config);
  try {
    await run(system, config, figures);
  } finally {
    await system.close();
  }
  process.stdout.write(`\n${formatTable(figures)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:freshness failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
