import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { throughputBenchConfig, type ThroughputBenchConfig } from './throughput/config';
import { connectorAlone, writerAlone } from './throughput/alone';
import { cpuSeconds } from './procStats';
import { rssMb, startBenchSystem, type BenchSystem } from './throughput/system';
import { exportCopyText, psqlCopyRate } from './throughput/psqlCopy';
import { formatTable, type Figure } from './report';
import { percentile } from './percentile';

// `npm run bench:throughput` (the first part of `npm run bench:loader`): one account's data
// through one loader, the built services against the local Postgres and Redis and the emulator,
// one loader process with its default settings. Time to first row of an account registered
// through POST /accounts (alone, and while a large backfill runs), end-to-end rows/s against the
// slower of the connector and the writer alone, loader RSS through a large backfill; and, with the
// emulator answering at once and no rate limit, end-to-end rows/s against the real psql \copy of
// the same rows into an identical table. The writer alone against psql \copy is `npm run bench:writer`'s.

const POLL_MS = 20;
// The writer alone writes in the loader's default batch size (LOADER_BATCH_ROWS), so both sides
// of the ratio use the writer the same way.
const LOADER_BATCH_ROWS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false>, intervalMs = POLL_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** Seconds from the 200 of POST /accounts to the account's first row in the destination, for each attach. */
async function timesToFirstRow(system: BenchSystem, config: ThroughputBenchConfig): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < config.BENCH_THROUGHPUT_ATTACHES; i += 1) {
    const account = await system.newProviderAccount(config.BENCH_THROUGHPUT_ATTACH_CHARGES);
    await system.register(account);
    const answered = Date.now();
    await until('the first row', 120_000, async () => (await system.rows(account.id)) > 0);
    times.push((Date.now() - answered) / 1000);
  }
  return times;
}

async function waitLive(system: BenchSystem, accountId: string, timeoutMs: number): Promise<void> {
  await until('the account to be live', timeoutMs, async () => (await system.status(accountId)) === 'live', 250);
}

async function firstRows(config: ThroughputBenchConfig, figures: Figure[]): Promise<void> {
  const system = await startBenchSystem(config);
  try {
    const alone = await timesToFirstRow(system, config);
    const big = await system.newProviderAccount(config.BENCH_THROUGHPUT_BIG_ROWS);
    const bigId = await system.insertAndAttach(big);
    await until('the large backfill to run', 120_000, async () => (await system.rows(big.id)) >= 5_000, 100);
    const busyStarted = Date.now();
    const busy = await timesToFirstRow(system, config);
    const bigRows = await system.rows(big.id);
    const bigStatus = await system.status(bigId);
    process.stdout.write(
      `time to first row, ${alone.length} attaches: p50 ${percentile(alone, 50).toFixed(2)} s, p95 ${percentile(alone, 95).toFixed(2)} s; ` +
        `during a ${config.BENCH_THROUGHPUT_BIG_ROWS}-row backfill: p50 ${percentile(busy, 50).toFixed(2)} s, p95 ${percentile(busy, 95).toFixed(2)} s ` +
        `(the large account had ${bigRows} rows and was ${bigStatus} ${((Date.now() - busyStarted) / 1000).toFixed(0)} s later)\n`,
    );
    figures.push({ name: 'first row p50', value: percentile(alone, 50), unit: 's', goal: 2, kind: 'max' });
    figures.push({ name: 'first row p95', value: percentile(alone, 95), unit: 's', goal: 5, kind: 'max' });
    figures.push({ name: 'first row p50, large backfill running', value: percentile(busy, 50), unit: 's', goal: 2, kind: 'max' });
    figures.push({ name: 'first row p95, large backfill running', value: percentile(busy, 95), unit: 's', goal: 5, kind: 'max' });
  } finally {
    await system.close();
  }
}

async function throughput(config: ThroughputBenchConfig, figures: Figure[]): Promise<void> {
  const rows = config.BENCH_THROUGHPUT_E2E_ROWS;
  const system = await startBenchSystem(config);
  let endToEnd: number;
  let connector: number;
  try {
    const account = await system.newProviderAccount(rows);
    const started = Date.now();
    const accountId = await system.insertAndAttach(account);
    await waitLive(system, accountId, 30 * 60_000);
    endToEnd = rows / ((Date.now() - started) / 1000);
    if ((await system.rows(account.id)) !== rows) throw new Error('the end-to-end run did not load every row');
    // The same account read again by the connector alone, with the loader's segments per account.
    const read = await connectorAlone(system.emulatorUrl, config.REDIS_URL, account, 4);
    if (read.rows !== rows) throw new Error(`the connector read ${read.rows} rows of ${rows}`);
    connector = read.perSecond;
  } finally {
    await system.close();
  }
  const writer = (await writerAlone(config.BENCH_DATABASE_URL, rows, LOADER_BATCH_ROWS)).perSecond;
  const slower = Math.min(connector, writer);
  process.stdout.write(
    `end to end, ${rows} charges: ${endToEnd.toFixed(0)} rows/s; connector alone ${connector.toFixed(0)} rows/s, ` +
      `writer alone ${writer.toFixed(0)} rows/s (batches of ${LOADER_BATCH_ROWS}); ratio to the slower ${(endToEnd / slower).toFixed(2)}\n`,
  );
  figures.push({ name: 'end to end / slower of connector, writer', value: endToEnd / slower, unit: '', goal: 0.7, kind: 'min' });
}

/** Cuts the loader's CPU profile (cpuProfilePreload.ts) at the edges of the measured window, when one is taken. */
function profileWindow(config: ThroughputBenchConfig, pid: number): void {
  if (config.BENCH_THROUGHPUT_LOADER_ENV.includes('CPU_PROFILE_DIR=')) process.kill(pid, 'SIGUSR2');
}

/** One unthrottled load: rows/s from POST /accounts to the last row committed, and the loader's CPU time meanwhile. */
async function unthrottledLoad(config: ThroughputBenchConfig, copyFile: string): Promise<{ perSecond: number; loaderCpu: number }> {
  const rows = config.BENCH_THROUGHPUT_UNTHROTTLED_ROWS;
  const system = await startBenchSystem(config, { emulatorEnv: { EMULATOR_LATENCY_MS: '0', EMULATOR_RATE_LIMIT: '0' } });
  try {
    const account = await system.newProviderAccount(rows);
    const cpuBefore = cpuSeconds(system.loader.pid);
    profileWindow(config, system.loader.pid);
    const started = Date.now();
    await system.register(account);
    await until('every row loaded', 30 * 60_000, async () => (await system.rowsLoaded(account.id)) >= rows, 50);
    const perSecond = rows / ((Date.now() - started) / 1000);
    const loaderCpu = cpuSeconds(system.loader.pid) - cpuBefore;
    profileWindow(config, system.loader.pid);
    const stored = await system.rows(account.id);
    if (stored !== rows) throw new Error(`the unthrottled run stored ${stored} rows of ${rows}`);
    await exportCopyText(system.destinationUrl, 'public', copyFile);
    return { perSecond, loaderCpu };
  } finally {
    await system.close();
  }
}

/**
 * With no latency and no rate limit, the loader's own work is what is measured: POST /accounts to
 * the last row committed, against psql \copy of exactly the rows it stored (exported from its
 * table as COPY text) into an identical empty table, once the loader's system is stopped. Rounds
 * alternate the two and keep each one's best rate: on a shared machine one run measures the
 * neighbours as much as the method.
 */
async function unthrottled(config: ThroughputBenchConfig, figures: Figure[]): Promise<void> {
  const rows = config.BENCH_THROUGHPUT_UNTHROTTLED_ROWS;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'datasync-throughput-'));
  const file = path.join(dir, 'charges.copy');
  let best = { endToEnd: 0, copy: 0, loaderCpu: Infinity };
  try {
    for (let round = 1; round <= config.BENCH_THROUGHPUT_UNTHROTTLED_ROUNDS; round += 1) {
      const load = await unthrottledLoad(config, file);
      const copy = (await psqlCopyRate(config.BENCH_DATABASE_URL, file, rows)).perSecond;
      process.stdout.write(
        `unthrottled round ${round}: end to end ${load.perSecond.toFixed(0)} rows/s (loader CPU ${load.loaderCpu.toFixed(1)} s, ` +
          `${((load.loaderCpu / rows) * 1e6).toFixed(0)} µs a row); psql \\copy ${copy.toFixed(0)} rows/s\n`,
      );
      best = {
        endToEnd: Math.max(best.endToEnd, load.perSecond),
        copy: Math.max(best.copy, copy),
        loaderCpu: Math.min(best.loaderCpu, load.loaderCpu),
      };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `unthrottled end to end (emulator latency 0, no rate limit), ${rows} charges, best of ${config.BENCH_THROUGHPUT_UNTHROTTLED_ROUNDS}: ` +
      `${best.endToEnd.toFixed(0)} rows/s; psql \\copy of the same rows into an identical table ${best.copy.toFixed(0)} rows/s; ` +
      `ratio ${(best.endToEnd / best.copy).toFixed(2)}; loader CPU ${((best.loaderCpu / rows) * 1e6).toFixed(0)} µs a row\n`,
  );
  figures.push({
    name: 'unthrottled end to end ÷ psql \\copy (same rows, identical table, same run)',
    value: best.endToEnd / best.copy,
    unit: '',
    goal: 0.75,
    kind: 'min',
  });
}

async function memory(config: ThroughputBenchConfig, figures: Figure[]): Promise<void> {
  const rows = config.BENCH_THROUGHPUT_MEMORY_ROWS;
  const system = await startBenchSystem(config);
  try {
    const start = rssMb(system.loader.pid);
    let peak = start;
    const account = await system.newProviderAccount(rows);
    const started = Date.now();
    const accountId = await system.insertAndAttach(account);
    await until(
      'the large backfill to be live',
      60 * 60_000,
      async () => {
        peak = Math.max(peak, rssMb(system.loader.pid));
        return (await system.status(accountId)) === 'live';
      },
      500,
    );
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `memory: ${rows} charges in ${seconds.toFixed(0)} s (${(rows / seconds).toFixed(0)} rows/s); loader RSS ${start.toFixed(0)} MB at start, ` +
        `peak ${peak.toFixed(0)} MB, ${rssMb(system.loader.pid).toFixed(0)} MB at the end\n`,
    );
    figures.push({ name: `loader RSS peak, ${rows}-row backfill`, value: peak, unit: 'MB', goal: 300, kind: 'max' });
  } finally {
    await system.close();
  }
}

async function main(): Promise<void> {
  const config = throughputBenchConfig();
  const wanted = new Set(config.BENCH_THROUGHPUT_FIGURES.split(','));
  const figures: Figure[] = [];
  if (wanted.has('first')) await firstRows(config, figures);
  if (wanted.has('throughput')) await throughput(config, figures);
  if (wanted.has('memory')) await memory(config, figures);
  if (wanted.has('unthrottled')) await unthrottled(config, figures);
  process.stdout.write(`\n${formatTable(figures)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
