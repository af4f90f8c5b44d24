import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { repoRoot } from './config';
import { kustomizeBuild } from './testing/kustomizeBuild';
import { promqlMetricNames } from './testing/promqlMetricNames';
import { fleetMetricsModule, httpModule, loaderMetricsModule, poisonedGaugeModule, testingModule } from './testing/sourceModules';
import { PROGRAMS, findProgram, installHint } from './programs';

// deploy/observability is checked against the code: every metric its dashboard and alert rules
// read must be one the services' registries really export (built here in-process, as the
// loader's and the APIs' main.ts build them), and Prometheus's own promtool checks the files and
// runs the rules' unit tests.

const DIR = path.join(repoRoot, 'deploy', 'observability');
/** Series Prometheus itself writes for every target. */
const PROMETHEUS_OWN = new Set(['up']);

interface RuleFile {
  groups: { name: string; rules: { alert?: string; expr: string }[] }[];
}
interface Dashboard {
  panels: { title: string; type: string; targets?: { expr: string }[] }[];
}

let exported: Set<string>;
let rules: RuleFile;
let dashboard: Dashboard;

beforeAll(async () => {
  exported = await exportedMetricNames();
  rules = parse(await fs.readFile(path.join(DIR, 'alerts.yml'), 'utf8')) as RuleFile;
  dashboard = JSON.parse(await fs.readFile(path.join(DIR, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
});

/** A fleet snapshot as the loaders keep it in Redis (services/loader/src/metrics/fleetSnapshot.ts). */
const FLEET_SNAPSHOT = {
  at: 0,
  accounts: { idle: 0, pending: 0, loading: 1, live: 2, error: 1, paused: 0, deleting: 0 },
  freshness: { buckets: [1, 1, 2, 2, 3, 3, 3, 3, 3, 3], count: 3, sum: 400 },
  worst: [{ account: 'acc-1', lag: 300 }],
};

// The poisoned-accounts gauge reads the control plane at each collect.
afterAll(async () => {
  await testingModule().closeTestKnex();
});

/**
 * Every series name the loaders' and the APIs' /metrics serve, histograms' and summaries'
 * suffixes included.
 */
async function exportedMetricNames(): Promise<Set<string>> {
  const depths = { backfill: { waiting: 1, active: 1, delayed: 0, failed: 0 } };
  const { registry } = loaderMetricsModule().createLoaderMetrics(
    async () => depths,
    async () => ({ backfill: 12 }),
  );
  fleetMetricsModule().registerFleetMetrics(registry, async () => FLEET_SNAPSHOT);
  poisonedGaugeModule().registerPoisonedGauge(registry, testingModule().getTestKnex());
  const { createHttpMetrics } = httpModule();
  const apis = ['datasync_accounts_api_', 'datasync_config_service_'].map((processPrefix) => createHttpMetrics({ processPrefix }).registry);
  const texts = await Promise.all([registry, ...apis].map((r) => r.metrics()));
  const names = new Set<string>();
  for (const match of texts.join('\n').matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string];
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const ruleExpressions = () => rules.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert ?? '?'}`, expr: r.expr })));
const dashboardExpressions = () =>
  dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })));

it("reads the loader's and the APIs' registries: the families the files rely on are there", () => {
  for (const name of [
    'datasync_loader_rows_written_total',
    'datasync_queue_jobs',
    'datasync_queue_oldest_waiting_seconds',
    'datasync_loader_accounts',
    'datasync_loader_account_freshness_seconds_bucket',
    'datasync_loader_account_lag_seconds',
    'datasync_loader_job_duration_seconds_count',
    'datasync_http_requests_total',
    'datasync_http_request_duration_seconds_bucket',
    'datasync_http_requests_in_flight',
    'datasync_http_rate_limited_total',
    'datasync_accounts_api_process_cpu_seconds_total',
    'datasync_config_service_process_cpu_seconds_total',
  ]) {
    expect(exported).toContain(name);
  }
});

it.each([
  ['the alert rules', ruleExpressions],
  ['the dashboard', dashboardExpressions],
])('%s read only metrics the services export', (_what, expressions) => {
  const list = expressions();
  expect(list.length).toBeGreaterThan(0);
  const unknown = list.flatMap(({ where, expr }) => {
    const names = promqlMetricNames(expr);
    if (names.length === 0) return [`${where}: reads no metric`];
    return names.filter((n) => !exported.has(n) && !PROMETHEUS_OWN.has(n)).map((n) => `${where}: ${n}`);
  });
  expect(unknown).toEqual([]);
});

it('alerts on a missing loader, backlogs, stalled queues, old jobs, failed jobs, stale accounts and accounts in error', () => {
  expect(rules.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort()).toEqual(
    [
      'DatasyncAccountsInError',
      'DatasyncOldestJobTooOld',
      'DatasyncBackfillStalled',
      'DatasyncBacklogGrowing',
      'DatasyncAccountsPoisoned',
      'DatasyncFreshnessAboveTarget',
      'DatasyncJobAttemptsFailing',
      'DatasyncJobsFailed',
      'DatasyncLifecycleStalled',
      'DatasyncLoaderDown',
      'DatasyncProviderRateLimited',
    ].sort(),
  );
});

it('documents every alert in docs/operations.md', async () => {
  const operations = await fs.readFile(path.join(repoRoot, 'docs', 'operations.md'), 'utf8');
  for (const alert of rules.groups.flatMap((g) => g.rules.map((r) => r.alert))) expect(operations).toContain(`### ${alert}`);
});

it('scrapes the loaders and both APIs where deploy/k8s runs them', async () => {
  const example = await kustomizeBuild(path.join(repoRoot, 'deploy', 'k8s', 'overlays', 'example'));
  const service = (name: string) => example.find((m) => m.kind === 'Service' && m.metadata.name === name);
  const loader = service('loader');
  expect(loader?.spec).toMatchObject({ clusterIP: 'None', ports: [{ port: 4200, targetPort: 'http' }] });
  const k8s = parse(await fs.readFile(path.join(DIR, 'prometheus.yml'), 'utf8')) as { scrape_configs: unknown[] };
  const apiJob = (name: string) => {
    const metrics = service(`${name}-metrics`);
    // Headless, on the metrics port only: the public Service and the ingress never lead here.
    expect(metrics?.spec).toMatchObject({ clusterIP: 'None', ports: [{ name: 'metrics', port: 9464, targetPort: 'metrics' }] });
    return expect.objectContaining({
      job_name: `datasync-${name}`,
      dns_sd_configs: [expect.objectContaining({ names: [`${name}-metrics.${metrics?.metadata.namespace}.svc`], port: 9464 })],
    });
  };
  expect(k8s.scrape_configs).toEqual([
    expect.objectContaining({
      job_name: 'datasync-loader',
      dns_sd_configs: [expect.objectContaining({ names: [`loader.${loader?.metadata.namespace}.svc`], port: 4200 })],
    }),
    apiJob('accounts-api'),
    apiJob('config-service'),
  ]);
  // docker-compose.yml's scrape targets: composeFile.integration.test.ts.
});

it('shows or alerts on every family the services export for operators', () => {
  const used = [...ruleExpressions(), ...dashboardExpressions()].flatMap(({ expr }) => promqlMetricNames(expr));
  for (const family of [
    'datasync_queue_oldest_waiting_seconds',
    'datasync_loader_accounts',
    'datasync_loader_account_freshness_seconds_bucket',
    'datasync_loader_account_lag_seconds',
    'datasync_http_requests_total',
    'datasync_http_request_duration_seconds_bucket',
    'datasync_http_requests_in_flight',
    'datasync_http_rate_limited_total',
  ]) {
    expect(used).toContain(family);
  }
});

describe('promtool', () => {
  const promtool = findProgram(PROGRAMS.promtool);
  const run = (...args: string[]) => promisify(execFile)(promtool ?? 'promtool', args, { cwd: DIR });
  // .ci/run installs Debian's prometheus package; a machine without it says so and checks the rest.
  const absent = () => {
    if (promtool) return false;
    process.stderr.write(
      `observability: promtool not found, the promtool checks did not run: ${installHint(PROGRAMS.promtool, process.platform)}\n`,
    );
    return true;
  };

  it('accepts both scrape configurations and the rules they load', async () => {
    if (absent()) return;
    await run('check', 'config', 'prometheus.yml');
    await run('check', 'config', 'prometheus-compose.yml');
  });

  it("passes the rules' unit tests", async () => {
    if (absent()) return;
    const { stdout } = await run('test', 'rules', 'alerts.test.yml');
    expect(stdout).toContain('SUCCESS');
  });

  it("parses every dashboard expression (Grafana's $__rate_interval as 1m)", async () => {
    if (absent()) return;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'dashboard-rules-')), 'rules.yml');
    const records = dashboardExpressions().map(({ expr }, i) => ({
      record: `dashboard:panel_${i}`,
      expr: expr.replace(/\$__rate_interval/g, '1m'),
    }));
    await fs.writeFile(file, JSON.stringify({ groups: [{ name: 'dashboard', rules: records }] }));
    try {
      await run('check', 'rules', file);
    } finally {
      await fs.rm(path.dirname(file), { recursive: true, force: true });
    }
  });
});
