import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@datasync/logger';
import { repoRoot } from './config';
import { fleetMetricsModule, httpModule, loaderAppModule, loaderMetricsModule, testingModule } from './testing/sourceModules';
import { pollUntil } from './poll';
import { PROGRAMS, findProgram } from './programs';

// A real Prometheus (Debian's) scrapes a real loader /metrics endpoint and an API's metrics
// listener, and evaluates deploy/observability/alerts.yml on what it scraped: the rules load,
// evaluate without error on the series the services really export, and those whose condition
// holds go pending.

const prometheusBinary = findProgram(PROGRAMS.prometheus);
let prometheus: ChildProcess | undefined;
let loader: Server | undefined;
let apiServer: Server | undefined;
let dataDir: string;
let base: string;

beforeAll(async () => {
  if (!prometheusBinary) return;
  const { createLoaderMetrics } = loaderMetricsModule();
  // Segment jobs wait and none has run: DatasyncBackfillStalled's condition holds from the start.
  // An attach has waited 15 minutes (DatasyncOldestJobTooOld) and an account is in error
  // (DatasyncAccountsInError): both conditions hold from the start too.
  const metrics = createLoaderMetrics(
    async () => ({
      backfill: { waiting: 3, active: 0, delayed: 0, failed: 0 },
      lifecycle: { waiting: 1, active: 0, delayed: 0, failed: 0 },
    }),
    async () => ({ backfill: 30, lifecycle: 900 }),
  );
  fleetMetricsModule().registerFleetMetrics(metrics.registry, async () => ({
    at: 0,
    accounts: { idle: 0, pending: 0, loading: 0, live: 3, error: 1, paused: 0, deleting: 0 },
    freshness: { buckets: [3, 3, 4, 4, 4, 4, 4, 4, 4, 4], count: 4, sum: 80 },
    worst: [{ account: 'acc-1', lag: 50 }],
  }));
  metrics.rowsWritten.inc({ table: 'stripe_charges' }, 100);
  const { Readiness, createHttpMetrics, serveMetrics } = httpModule();
  const apiMetrics = createHttpMetrics({ processPrefix: 'datasync_accounts_api_' });
  apiServer = await serveMetrics({ registry: apiMetrics.registry, port: 0, host: '127.0.0.1', logger: silentLogger() });
  const apiPort = (apiServer.address() as AddressInfo).port;
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
    scrape_configs: [
      { job_name: 'datasync-loader', static_configs: [{ targets: [`127.0.0.1:${loaderPort}`] }] },
      { job_name: 'datasync-accounts-api', static_configs: [{ targets: [`127.0.0.1:${apiPort}`] }] },
    ],
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
  apiServer?.closeAllConnections();
  await new Promise((resolve) => (apiServer ? apiServer.close(resolve) : resolve(undefined)));
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
  await pollUntil(
    "prometheus scraping the API's metrics listener",
    async () => {
      const data = await api<{ result: unknown[] }>(
        `query?query=${encodeURIComponent('up{job="datasync-accounts-api"} == 1 and on() datasync_http_requests_in_flight{job="datasync-accounts-api"} >= 0')}`,
      );
      if (data.result.length === 0) throw new Error('no sample yet');
      return data.result;
    },
    { timeoutMs: 30_000, intervalMs: 250, givenUp: gaveUp },
  );

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
  expect(rules).toHaveLength(11);

  const states = await pollUntil(
    'the stalled backfill, the old attach and the account in error going pending',
    async () => {
      const data = await api<{ groups: { rules: Rule[] }[] }>('rules');
      const byName = Object.fromEntries(data.groups.flatMap((g) => g.rules).map((r) => [r.name, r.state]));
      for (const name of ['DatasyncBackfillStalled', 'DatasyncOldestJobTooOld', 'DatasyncAccountsInError']) {
        if (byName[name] !== 'pending') throw new Error(`${name} is ${byName[name]}`);
      }
      return byName;
    },
    { timeoutMs: 30_000, intervalMs: 250, givenUp: gaveUp },
  );
  expect(Object.entries(states).filter(([, state]) => state !== 'inactive')).toEqual([
    ['DatasyncBackfillStalled', 'pending'],
    // No attach has finished either: the lifecycle queue stalls as the backfill one does.
    ['DatasyncLifecycleStalled', 'pending'],
    ['DatasyncOldestJobTooOld', 'pending'],
    ['DatasyncAccountsInError', 'pending'],
  ]);
});
