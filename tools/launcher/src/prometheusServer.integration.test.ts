import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@datasync/logger';
import { repoRoot } from './config';
import { httpModule, loaderAppModule, loaderMetricsModule, testingModule } from './testing/sourceModules';
import { pollUntil } from './poll';
import { PROGRAMS, findProgram } from './programs';

// A real Prometheus (Debian's) scrapes a real loader /metrics endpoint and evaluates
// deploy/observability/alerts.yml on what it scraped: the rules load, evaluate without error on
// the series the loader really exports, and the one whose condition holds goes pending.

const prometheusBinary = findProgram(PROGRAMS.prometheus);
let prometheus: ChildProcess | undefined;
let loader: Server | undefined;
let dataDir: string;
let base: string;

beforeAll(async () => {
  if (!prometheusBinary) return;
  const { createLoaderMetrics } = loaderMetricsModule();
  // Segment jobs wait and none has run: DatasyncBackfillStalled's condition holds from the start.
  const metrics = createLoaderMetrics(async () => ({
    backfill: { waiting: 3, active: 0, delayed: 0, failed: 0 },
    lifecycle: { waiting: 0, active: 0, delayed: 0, failed: 0 },
  }));
  metrics.rowsWritten.inc({ table: 'stripe_charges' }, 100);
  const { Readiness } = httpModule();
  const app = loaderAppModule().createApp({ logger: silentLogger(), readiness: new Readiness({}), metrics: metrics.registry });
  const { freePort } = testingModule();
  const loaderPort = await freePort();
  loader = await new Promise<Server>((resolve) => {
    const server = app.listen(loaderPort, '127.0.0.1', () => resolve(server));
  });

  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'prometheus-'));
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: [path.join(repoRoot, 'deploy', 'observability', 'alerts.yml')],
    // The job name of deploy/observability's scrape configurations, which the rules select on.
    scrape_configs: [{ job_name: 'datasync-loader', static_configs: [{ targets: [`127.0.0.1:${loaderPort}`] }] }],
  };
  await fs.writeFile(path.join(dataDir, 'prometheus.yml'), JSON.stringify(config));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    prometheusBinary,
    [
      `--config.file=${path.join(dataDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dataDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => (loader ? loader.close(resolve) : resolve(undefined)));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

interface Rule {
  name: string;
  health: string;
  state?: string;
  lastError?: string;
  lastEvaluation: string;
}

async function api<T>(query: string): Promise<T> {
  const response = await fetch(`${base}/api/v1/${query}`);
  if (!response.ok) throw new Error(`${query}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

const gaveUp = () => (prometheus?.exitCode != null ? `prometheus exited with ${prometheus.exitCode}` : undefined);

it("scrapes the loader's /metrics and evaluates every alert rule on them without error", async () => {
  if (!prometheusBinary) {
    // .ci/packages installs Debian's prometheus (promtool and the server); without it, say so.
    process.stderr.write('prometheusServer: the prometheus binary was not found; the live scrape did not run\n');
    return;
  }
  const waiting = await pollUntil(
    'prometheus scraping the loader',
    async () => {
      const data = await api<{ result: { value: [number, string] }[] }>(
        `query?query=${encodeURIComponent('datasync_queue_jobs{job="datasync-loader", queue="backfill", state="waiting"}')}`,
      );
      if (data.result.length === 0) throw new Error('no sample yet');
      return data.result[0]?.value[1];
    },
    { timeoutMs: 30_000, intervalMs: 250, givenUp: gaveUp },
  );
  expect(waiting).toBe('3');

  const rules = await pollUntil(
    'prometheus evaluating the rules',
    async () => {
      const data = await api<{ groups: { rules: Rule[] }[] }>('rules');
      const all = data.groups.flatMap((g) => g.rules);
      if (all.length === 0 || all.some((r) => r.lastEvaluation.startsWith('0001'))) throw new Error('not evaluated yet');
      return all;
    },
    { timeoutMs: 30_000, intervalMs: 250, givenUp: gaveUp },
  );
  expect(rules.map((r) => [r.name, r.health, r.lastError ?? ''])).toEqual(rules.map((r) => [r.name, 'ok', '']));
  expect(rules).toHaveLength(8);

  const states = await pollUntil(
    'the stalled backfill going pending',
    async () => {
      const data = await api<{ groups: { rules: Rule[] }[] }>('rules');
      const byName = Object.fromEntries(data.groups.flatMap((g) => g.rules).map((r) => [r.name, r.state]));
      if (byName.DatasyncBackfillStalled !== 'pending') throw new Error(`DatasyncBackfillStalled is ${byName.DatasyncBackfillStalled}`);
      return byName;
    },
    { timeoutMs: 30_000, intervalMs: 250, givenUp: gaveUp },
  );
  expect(Object.entries(states).filter(([, state]) => state !== 'inactive')).toEqual([['DatasyncBackfillStalled', 'pending']]);
});
