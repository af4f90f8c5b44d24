import os from 'node:os';
import { closeRedisConnection, createRedisConnection } from '@datasync/queue';
import { percentile } from './percentile';
import { formatTable, type Figure } from './report';
import { scrapeLoaders } from './scale/metricsScrape';
import { attachAll } from './scale/attach';
import { startChanges, type ChangingAccount } from './scale/changes';
import { scaleBenchConfig, type ScaleBenchConfig } from './scale/config';
import { perEvent, perPoll, processCpu, providerRequests, totalRows, windowUse } from './scale/costs';
import { inexactAccounts } from './scale/exactCheck';
import { prefixMemory, redisSnapshot, writesByTable } from './scale/resources';
import { judgeSaturation, type Utilization } from './scale/saturation';
import { pollIntervals, sampleLags, takeSnapshot } from './scale/snapshot';
import { startScaleSystem, type ScaleSystem } from './scale/system';

// `npm run bench:scale`: how many live accounts one machine serves and what each costs. N small
// accounts (a few charges each) at a provider answering like Stripe (its per-account latency and
// limit) are attached through `POST /accounts`, then kept live at the loader's default poll (15 s):
// an idle window (no changes: what an idle account costs), then a window in which a share of
// them change at the provider (freshness, and what an event costs beyond the idle rate). Every
// figure is read from outside the services (HTTP, Redis INFO, Postgres statistics, /proc), so the
// bench measures whatever polling the loader does. docs/scale.md reads the figures.

const POLL_INTERVAL_S = 15; // LOADER_POLL_INTERVAL_MS's default, which the bench keeps: an active account's interval
const API_LIMIT_PER_SECOND = 50; // RATE_LIMIT_PER_SECOND's default of the accounts API
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const out = (text: string) => process.stdout.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** A loader setting: from BENCH_SCALE_LOADER_ENV, else the loader's default. */
function loaderSetting(config: ScaleBenchConfig, name: string, fallback: number): number {
  const match = new RegExp(`(?:^|,)${name}=(\\d+)`).exec(config.BENCH_SCALE_LOADER_ENV);
  return Number(match?.[1] ?? fallback);
}

/** LOADER_POLL_CONCURRENCY × loaders. */
function pollSlots(config: ScaleBenchConfig): number {
  return loaderSetting(config, 'LOADER_POLL_CONCURRENCY', 32) * config.BENCH_SCALE_LOADERS;
}

/**
 * Waits until the accounts poll at the idle interval, and one idle interval more: an account
 * counts as just changed when it is attached, turns idle LOADER_POLL_ACTIVE_FOR_MS after that,
 * and its scheduler, replaced at the new interval, ticks once at once. The idle window measures
 * what an idle account costs, so it starts once they are past that; past the bound it starts
 * anyway, and the recorded intervals it prints say how many were still active.
 */
async function untilIdle(
  system: ScaleSystem,
  config: ScaleBenchConfig,
  n: number,
  boundMs: number,
): Promise<{ idle: number; seconds: number }> {
  const started = Date.now();
  const activeForMs = loaderSetting(config, 'LOADER_POLL_ACTIVE_FOR_MS', 600_000);
  const idleIntervalMs = loaderSetting(config, 'LOADER_POLL_IDLE_INTERVAL_MS', 60_000);
  const until = Math.min(boundMs, started + activeForMs + 2 * POLL_INTERVAL_S * 1000 + idleIntervalMs);
  for (;;) {
    const idle = [...(await pollIntervals(system)).values()].filter((ms) => ms > POLL_INTERVAL_S * 1000).length;
    if (idle >= 0.99 * n || Date.now() > until) {
      await sleep(Math.max(0, Math.min(until - Date.now(), idleIntervalMs)));
      return { idle, seconds: (Date.now() - started) / 1000 };
    }
    await sleep(5_000);
  }
}

async function run(system: ScaleSystem, config: ScaleBenchConfig, deadline: number): Promise<Figure[]> {
  const n = config.BENCH_SCALE_ACCOUNTS;
  const per1k = 1_000 / n;
  const figures: Figure[] = [];
  // The worker role queues commands until the connection is up (the producer's fails them).
  const redis = createRedisConnection(config.REDIS_URL, { role: 'worker' });
  try {
    out(
      `scale: ${n} accounts × ${config.BENCH_SCALE_CHARGES_PER_ACCOUNT} charges, ${config.BENCH_SCALE_LATENCY_MS} ms per request, ` +
        `${config.BENCH_SCALE_PROVIDER_LIMIT} req/s per account, ${config.BENCH_SCALE_LOADERS} loaders ${config.BENCH_SCALE_LOADER_ENV || '(defaults)'}, ` +
        `${os.cpus().length} cores, load average ${os.loadavg().map(f2).join(' ')}`,
    );
    const beforeAttach = await redisSnapshot(redis);

    // The provider's accounts, then the attach through the accounts API.
    let started = Date.now();
    const accounts = await system.createProviderAccounts(n);
    out(`provider accounts created in ${f1((Date.now() - started) / 1000)} s`);
    const attach = await attachAll(system, accounts, {
      concurrency: config.BENCH_SCALE_ATTACH_CONCURRENCY,
      charges: config.BENCH_SCALE_CHARGES_PER_ACCOUNT,
      deadline,
    });
    const attachRate = n / attach.attachSeconds;
    out(
      `attach: ${n} POST /accounts (${config.BENCH_SCALE_ATTACH_CONCURRENCY} in flight, 429s waited out) in ${f1(attach.attachSeconds)} s = ` +
        `${f1(attachRate)} accounts/s (${f2(attachRate / API_LIMIT_PER_SECOND)}× the API's ${API_LIMIT_PER_SECOND} req/s per client); ` +
        `answered p50 ${f2(attach.answeredP50)} s, p95 ${f2(attach.answeredP95)} s; every account had a row after ${f1(attach.everyFirstRow)} s, ` +
        `all its rows after ${f1(attach.everyAllRows)} s`,
    );
    // The goal: 10,000 accounts attached through the API in 10 minutes, every one with its rows.
    figures.push({
      name: 'every account with its rows, s per 10,000 accounts',
      value: (attach.everyAllRows * 10_000) / n,
      unit: 's',
      goal: 600,
      kind: 'max',
    });

    // The verification after each first load lists the account's charges once; the windows count the steady state after it.
    started = Date.now();
    while ((await system.verifiedAccounts()) < n) {
      if (Date.now() > Math.min(deadline, started + 10 * 60_000))
        throw new Error('the verifications after the first loads did not all finish');
      await sleep(1_000);
    }
    out(`every account verified after its load ${f1((Date.now() - started) / 1000)} s later; one poll interval to settle`);
    await sleep(POLL_INTERVAL_S * 1000);
    const settled = await untilIdle(system, config, n, deadline - 10 * 60_000);
    out(`${settled.idle} of ${n} accounts at the idle interval, the window starts ${f1(settled.seconds)} s later`);
    // What Prometheus gets from each loader at this many accounts: the series are bounded
    // (per-account lag for the worst accounts only), and a scrape reads Redis, never Postgres.
    const scrape = await scrapeLoaders(system.loaders);
    out(
      `loader /metrics: ${scrape.series} series per scrape (${scrape.accountSeries} of them per account), ` +
        `answered in p50 ${f1(scrape.p50Ms)} ms, max ${f1(scrape.maxMs)} ms over ${system.loaders.length} loaders × 5 scrapes`,
    );
    figures.push({ name: 'series per loader scrape', value: scrape.series, unit: '', goal: 1_000, kind: 'max' });
    figures.push({ name: 'loader scrape time p50', value: scrape.p50Ms, unit: 'ms', goal: 250, kind: 'max' });

    // Idle window: every account live, nothing changes at the provider.
    const a = await takeSnapshot(system, redis, accounts);
    const afterAttach = a.redis;
    const queueKeys = await prefixMemory(redis, system.stack.queuePrefix);
    const idleLags = sampleLags(system, POLL_INTERVAL_S * 1000, POLL_INTERVAL_S * 1000);
    await sleep(config.BENCH_SCALE_IDLE_SECONDS * 1000);
    const idleLag = await idleLags.stop();
    const b = await takeSnapshot(system, redis, accounts);

    // Window with changes: a share of the accounts change at the provider.
    const changingCount = Math.round((n * config.BENCH_SCALE_CHANGING_PERCENT) / 100);
    const stride = changingCount > 0 ? n / changingCount : 0;
    const changingAccounts = Array.from({ length: changingCount }, (_, i) => accounts[Math.floor(i * stride)]!);
    const rows = await system.destinationCharges(changingAccounts.map((c) => c.id));
    const changing: ChangingAccount[] = changingAccounts.map((account) => ({
      account,
      chargeIds: rows.filter((r) => r.account_id === account.id).map((r) => r.id),
    }));
    const changingIds = new Set(changingAccounts.map((c) => c.id));
    const idleIds = accounts.map((c) => c.id).filter((id) => !changingIds.has(id));
    const busyLags = sampleLags(system, POLL_INTERVAL_S * 1000, POLL_INTERVAL_S * 1000);
    const changes = startChanges(system, changing, {
      windowMs: config.BENCH_SCALE_WINDOW_SECONDS * 1000,
      everyMs: config.BENCH_SCALE_CHANGE_EVERY_SECONDS * 1000,
    });
    await changes.made;
    const c = await takeSnapshot(system, redis, accounts);
    const busyLag = await busyLags.stop();
    // An account idle until its change is polled at the idle interval (LOADER_POLL_IDLE_INTERVAL_MS, 1 min by default).
    const changed = await changes.settle(150_000);

    // Exact check of a sample, half of it among the changed accounts.
    const half = Math.ceil(config.BENCH_SCALE_SAMPLE_ACCOUNTS / 2);
    const sample = [
      ...changingAccounts.slice(0, half),
      ...accounts.filter((x) => !changingIds.has(x.id)).slice(0, config.BENCH_SCALE_SAMPLE_ACCOUNTS - Math.min(half, changingCount)),
    ];
    const inexact = await inexactAccounts(system, sample);

    // What an idle account costs (idle window, every account).
    const idle = windowUse(a, b);
    const idleRequests = providerRequests(
      a,
      b,
      accounts.map((x) => x.id),
    );
    const requestsPerIdleHour = (idleRequests.requests / n / idle.seconds) * 3_600;
    const redisPerAccount = (afterAttach.usedMemory - beforeAttach.usedMemory) / n;
    const poll = perPoll(idle);
    const pollsPerHour = 3_600 / POLL_INTERVAL_S;
    out(
      `idle window, ${f1(idle.seconds)} s, ${n} accounts, no changes: ${idle.polls} polls = ${f1((idle.polls / n / idle.seconds) * 3_600)} per account per hour ` +
        `(${pollsPerHour} at the ${POLL_INTERVAL_S} s interval)\n` +
        `  provider requests: ${idleRequests.requests} (${idleRequests.rateLimited} answered 429) = ${f1(requestsPerIdleHour)} per account per hour\n` +
        `  loader CPU: ${f1(idle.loaderCpu)} s over ${config.BENCH_SCALE_LOADERS} loaders = ${f1((100 * idle.loaderCpu * per1k) / idle.seconds)} % of a core per 1,000 accounts; ` +
        `our Postgres backends ${f1(idle.postgresCpu)} s\n` +
        `  control-plane Postgres: ${f1((idle.controlPlaneWrites / idle.seconds) * 60 * per1k)} writes/min per 1,000 accounts ` +
        `(${writesByTable(a.controlPlane, b.controlPlane) || 'none'}); destination: ${f1((idle.destinationWrites / idle.seconds) * 60 * per1k)} writes/min per 1,000\n` +
        `  Redis (the whole server, shared): ${f1((idle.redisCommands / idle.seconds) * 60 * per1k)} commands/min per 1,000 accounts\n` +
        `  one idle poll: ${f2(poll.requests)} provider requests, ${f1(poll.loaderCpu * 1000)} ms loader CPU, ${f1(poll.postgresCpu * 1000)} ms Postgres CPU, ` +
        `${f2(poll.controlPlaneWrites)} control-plane writes, ${f1(poll.redisCommands)} Redis commands (the whole server); ` +
        `× ${pollsPerHour} an hour: ${f1(poll.loaderCpu * pollsPerHour)} CPU-s and ${f1(poll.controlPlaneWrites * pollsPerHour)} writes per account per hour`,
    );
    out(
      `memory and rows, ${n} accounts live:\n` +
        `  Redis used_memory ${mb(beforeAttach.usedMemory)} before the attach, ${mb(afterAttach.usedMemory)} after = ${f1(redisPerAccount)} B per account ` +
        `(${mb(redisPerAccount * 1_000)} per 1,000); the run's queue keys: ${queueKeys.keys} keys, ${mb(queueKeys.bytes)} = ${f1(queueKeys.bytes / n)} B per account\n` +
        `  control-plane rows: ${totalRows(a.controlPlane)} = ${f1(totalRows(a.controlPlane) / n)} per account (` +
        [...a.controlPlane.rows]
          .sort((x, y) => y[1] - x[1])
          .map(([table, count]) => `${table} ${count}`)
          .join(', ') +
        `)`,
    );

    // What an event costs beyond the idle rate (window with changes).
    const busy = windowUse(b, c);
    const event = perEvent(idle, busy, changed.made);
    const busyIdleRequests = providerRequests(b, c, idleIds);
    const fresh50 = percentile(changed.times, 50) / 1000;
    const fresh95 = percentile(changed.times, 95) / 1000;
    out(
      `window with changes, ${f1(busy.seconds)} s: ${changed.made} changes over ${changingCount} accounts (${config.BENCH_SCALE_CHANGING_PERCENT} %, ` +
        `one per ${config.BENCH_SCALE_CHANGE_EVERY_SECONDS} s each; ${changed.skipped} left out, ${changed.unseen} never seen):\n` +
        `  freshness (admin update → row in the destination): p50 ${f1(fresh50)} s, p95 ${f1(fresh95)} s, max ${f1(Math.max(...changed.times) / 1000)} s\n` +
        `  per event beyond what its window's ${busy.polls} polls cost idle: ${f2(event.requests)} provider requests (${f1(event.requests / poll.requests)}× an idle poll's), ` +
        `${f1(event.loaderCpu * 1000)} ms loader CPU (${f1(event.loaderCpu / poll.loaderCpu)}× an idle poll's), ${f1(event.postgresCpu * 1000)} ms Postgres CPU, ` +
        `${f1(event.controlPlaneWrites)} control-plane writes, ${f1(event.destinationWrites)} destination writes, ${f1(event.redisCommands)} Redis commands (the whole server)\n` +
        `  control-plane writes in the window: ${writesByTable(b.controlPlane, c.controlPlane) || 'none'}\n` +
        `  idle accounts meanwhile: ${f1((busyIdleRequests.requests / idleIds.length / busy.seconds) * 3_600)} requests per account per hour`,
    );

    // Which resource saturates first (window with changes).
    const cores = os.cpus().length;
    const polls = c.loader.polls && b.loader.polls ? (c.loader.polls.seconds - b.loader.polls.seconds) / busy.seconds : NaN;
    const allRequests = providerRequests(
      b,
      c,
      accounts.map((x) => x.id),
    );
    const utilizations: Utilization[] = [
      {
        resource: 'loader CPU',
        share: Math.max(...processCpu(b, c, 'loader')) / busy.seconds,
        how: 'the busiest loader process, of one core',
      },
      { resource: 'Postgres', share: busy.postgresCpu / busy.seconds / cores, how: `the run's backends, of the machine's ${cores} cores` },
      { resource: 'Redis', share: (c.redis.cpuSeconds - b.redis.cpuSeconds) / busy.seconds, how: 'the whole server (shared), of one core' },
      {
        resource: 'provider limit',
        share: Math.max(
          allRequests.rateLimited / Math.max(1, allRequests.requests) / 0.01,
          requestsPerIdleHour / 3_600 / config.BENCH_SCALE_PROVIDER_LIMIT,
        ),
        how: `429s against 1 % of requests, or an account's requests/s against its ${config.BENCH_SCALE_PROVIDER_LIMIT} req/s`,
      },
      {
        resource: 'loader poll slots',
        share: polls / pollSlots(config),
        how: `polls in flight against ${pollSlots(config)} (LOADER_POLL_CONCURRENCY × loaders)`,
      },
      {
        resource: "the run's processes",
        share: (sum(processCpu(b, c, 'loader')) + sum(processCpu(b, c, 'accounts-api')) + busy.postgresCpu) / busy.seconds / cores,
        how: `loaders, accounts API and Postgres backends, of the machine's ${cores} cores`,
      },
      { resource: 'emulator CPU (the test provider)', share: processCpu(b, c, 'emulator')[0]! / busy.seconds, how: 'of one core' },
    ];
    const machineBusy = (c.processes.machine.busy - b.processes.machine.busy) / (c.processes.machine.total - b.processes.machine.total);
    const lagMax = Math.max(...idleLag.max, ...busyLag.max);
    const lagP95 = Math.max(...idleLag.p95, ...busyLag.p95);
    const lagMaxOfInterval = Math.max(...idleLag.maxOfInterval, ...busyLag.maxOfInterval);
    const verdict = judgeSaturation({ lagMax, lagMaxOfInterval, utilizations });
    const intervals = (lags: typeof idleLag) =>
      [...lags.intervals]
        .sort((x, y) => x[0] - y[0])
        .map(([ms, count]) => `${count} every ${ms / 1000} s`)
        .join(', ');
    out(
      `poll intervals the loader recorded: ${intervals(idleLag)} at the idle window's end; ${intervals(busyLag)} at the other's\n` +
        `saturation (window with changes): poll lag p95 up to ${f1(lagP95)} s, max ${f1(lagMax)} s (${f1(lagMaxOfInterval)}× the account's interval) ` +
        `over ${busyLag.reported} accounts reported\n` +
        utilizations
          .map(
            (u) =>
              `  ${u.resource}: ${(100 * u.share).toFixed(0)} % (${u.how}); at this rate full at ≈ ${Math.round(n / u.share)} accounts`,
          )
          .join('\n') +
        `\n  the machine meanwhile: ${(100 * machineBusy).toFixed(0)} % busy, every process (other work on it included)` +
        `\n  verdict: ${verdict.text}\n` +
        `exact check: ${sample.length} accounts (${Math.min(half, changingCount)} changed), ${inexact.length} not exact${inexact.length ? `: ${inexact.slice(0, 5).join(', ')}` : ''}`,
    );

    out(
      `\nper 1,000 accounts (${n} measured):\n` +
        [
          ['Redis memory (used_memory, after − before attach)', mb(redisPerAccount * 1_000)],
          ["Redis memory (the run's queue keys)", mb((queueKeys.bytes / n) * 1_000)],
          ['control-plane Postgres rows', f1(totalRows(a.controlPlane) * per1k)],
          ['control-plane Postgres writes/min, idle', f1((idle.controlPlaneWrites / idle.seconds) * 60 * per1k)],
          ['control-plane Postgres writes/min, with changes', f1((busy.controlPlaneWrites / busy.seconds) * 60 * per1k)],
          ['provider requests per hour, idle', f1(requestsPerIdleHour * 1_000)],
          ['loader CPU, idle (% of a core)', f1((100 * idle.loaderCpu * per1k) / idle.seconds)],
          ['loader CPU, with changes (% of a core)', f1((100 * busy.loaderCpu * per1k) / busy.seconds)],
        ]
          .map(([name, value]) => `  ${name!.padEnd(52)} ${value}`)
          .join('\n'),
    );
    // Freshness with polling alone: a change after a quiet spell waits for the idle interval's poll (1 min).
    figures.push({ name: 'freshness p95', value: fresh95, unit: 's', goal: 60, kind: 'max' });
    figures.push({ name: "poll lag max / the account's interval", value: lagMaxOfInterval, unit: '', goal: 2, kind: 'max' });
    figures.push({ name: 'Redis memory per account', value: redisPerAccount / 1024, unit: 'KB', goal: 5, kind: 'max' });
    figures.push({ name: 'provider requests per idle account per hour', value: requestsPerIdleHour, unit: '', goal: 60, kind: 'max' });
    figures.push({ name: 'accounts not exact', value: inexact.length + changed.unseen, unit: '', goal: 1, kind: 'max' });
    return figures;
  } finally {
    await closeRedisConnection(redis);
  }
}

async function main(): Promise<void> {
  const config = scaleBenchConfig();
  const deadline = Date.now() + config.BENCH_SCALE_DEADLINE_MINUTES * 60_000;
  let system: ScaleSystem | undefined;
  let stopping = false;
  // Ctrl-C, a kill or the deadline: drop the databases and the queue keys, then exit; a cleanup
  // that hangs is cut after a minute.
  const stop = (code: number, why: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`bench:scale: ${why}; cleaning up\n`);
    setTimeout(() => process.exit(code), 60_000).unref();
    void (system?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  };
  process.once('SIGINT', () => stop(130, 'interrupted'));
  process.once('SIGTERM', () => stop(143, 'terminated'));
  const hardStop = setTimeout(
    () => stop(1, `past its deadline (BENCH_SCALE_DEADLINE_MINUTES=${config.BENCH_SCALE_DEADLINE_MINUTES})`),
    deadline - Date.now(),
  );
  let figures: Figure[];
  system = await startScaleSystem(config);
  try {
    figures = await run(system, config, deadline);
  } finally {
    clearTimeout(hardStop);
    if (!stopping) await system.close();
  }
  out(`\n${formatTable(figures)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:scale failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
