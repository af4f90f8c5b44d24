import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { runBudgetBench } from './provider/budgetBench';
import { benchConfig } from './provider/config';
import { startPinnedEmulator } from './provider/emulatorProcess';
import { runPagingBench } from './provider/pagingBench';
import { formatTable, type Figure } from './report';

// `npm run bench:provider`: (a) raw paging throughput and memory of the emulator on one core;
// (b) how much of a 25 req/s budget the connector uses against an account limited to that.
async function main(): Promise<void> {
  const config = benchConfig();
  const root = path.resolve(__dirname, '../..');
  const emulator = await startPinnedEmulator(config.BENCH_EMULATOR_MAIN, root);
  try {
    process.stdout.write(`(a) paging ${config.BENCH_PAGING_OBJECTS} charges, limit 100, emulator on CPU 0 …\n`);
    const a = await runPagingBench(emulator, config.BENCH_PAGING_OBJECTS, config.BENCH_PAGING_CONCURRENCY);
    process.stdout.write(
      `    ${a.objects} objects (${a.distinct} distinct) in ${a.requests} requests, ${a.seconds.toFixed(1)} s; ` +
        `emulator RSS ${a.rssStartMb.toFixed(1)} → peak ${a.rssPeakMb.toFixed(1)} → end ${a.rssEndMb.toFixed(1)} MB\n` +
        `    CPU: emulator ${a.emulatorCpuSeconds.toFixed(1)} s (${((100 * a.emulatorCpuSeconds) / a.seconds).toFixed(0)}% of its core), ` +
        `bench client ${a.clientCpuSeconds.toFixed(1)} s; machine load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs\n`,
    );
    process.stdout.write(
      `(b) connector reading ${config.BENCH_BUDGET_OBJECTS} charges, account limit and budget ${config.BENCH_BUDGET_RATE} req/s …\n`,
    );
    const b = await runBudgetBench(
      emulator,
      config.REDIS_URL,
      config.BENCH_BUDGET_OBJECTS,
      config.BENCH_BUDGET_RATE,
      config.BENCH_BUDGET_CONCURRENCY,
    );
    process.stdout.write(
      `    ${b.objects} objects (${b.distinct} distinct) in ${b.requests} requests (${b.rateLimited} answered 429, ` +
        `${b.otherFailures} other failures), ${b.seconds.toFixed(1)} s, ${b.splits} segment splits\n\n`,
    );
    const figures: Figure[] = [
      { name: '(a) objects/s (wall clock)', value: a.objectsPerSecond, unit: 'obj/s', goal: 20_000, kind: 'min' },
      {
        name: '(a) objects per emulator CPU-second',
        value: a.objects / Math.max(a.emulatorCpuSeconds, 0.001),
        unit: 'obj/s',
        goal: 20_000,
        kind: 'min',
      },
      { name: '(a) RSS growth (end - start)', value: a.rssEndMb - a.rssStartMb, unit: 'MB', goal: 50, kind: 'max' },
      { name: '(a) RSS growth (peak - start)', value: a.rssPeakMb - a.rssStartMb, unit: 'MB', goal: 50, kind: 'max' },
      { name: '(a) distinct objects read', value: a.distinct, unit: 'obj', goal: config.BENCH_PAGING_OBJECTS, kind: 'min' },
      { name: '(b) requests/s used of budget', value: (100 * b.requestsPerSecond) / b.budget, unit: '%', goal: 90, kind: 'min' },
      { name: '(b) share answered 429', value: (100 * b.rateLimited) / Math.max(1, b.requests), unit: '%', goal: 1, kind: 'max' },
      { name: '(b) distinct objects read', value: b.distinct, unit: 'obj', goal: config.BENCH_BUDGET_OBJECTS, kind: 'min' },
    ];
    process.stdout.write(`${formatTable(figures)}\n`);
  } finally {
    await emulator.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
