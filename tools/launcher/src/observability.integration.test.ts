import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { repoRoot } from './config';
import { kustomizeBuild } from './testing/kustomizeBuild';
import { promqlMetricNames } from './testing/promqlMetricNames';
import { lagGaugeModule, loaderMetricsModule, poisonedGaugeModule, testingModule } from './testing/sourceModules';
import { findOnPath } from './which';

// deploy/observability is checked against the code: every metric its dashboard and alert rules
// read must be one the loader's registry really exports (built here in-process, as main.ts
// builds it), and Prometheus's own promtool checks the files and runs the rules' unit tests.

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
  exported = await loaderMetricNames();
  rules = parse(await fs.readFile(path.join(DIR, 'alerts.yml'), 'utf8')) as RuleFile;
  dashboard = JSON.parse(await fs.readFile(path.join(DIR, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
});

afterAll(async () => {
  await testingModule().closeTestKnex();
});

/** Every series name the loader's /metrics serves, histograms' and summaries' suffixes included. */
async function loaderMetricNames(): Promise<Set<string>> {
  const depths = { backfill: { waiting: 1, active: 1, delayed: 0, failed: 0 } };
  const { registry } = loaderMetricsModule().createLoaderMetrics(async () => depths);
  lagGaugeModule().registerLagGauge(registry, testingModule().getTestKnex());
  poisonedGaugeModule().registerPoisonedGauge(registry, testingModule().getTestKnex());
  const names = new Set<string>();
  for (const match of (await registry.metrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
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

it("reads the loader's registry: the families the files rely on are there", () => {
  for (const name of [
    'datasync_loader_rows_written_total',
    'datasync_queue_jobs',
    'datasync_loader_account_lag_seconds',
    'datasync_loader_job_duration_seconds_count',
  ]) {
    expect(exported).toContain(name);
  }
});

it.each([
  ['the alert rules', ruleExpressions],
  ['the dashboard', dashboardExpressions],
])('%s read only metrics the loader exports', (_what, expressions) => {
  const list = expressions();
  expect(list.length).toBeGreaterThan(0);
  const unknown = list.flatMap(({ where, expr }) => {
    const names = promqlMetricNames(expr);
    if (names.length === 0) return [`${where}: reads no metric`];
    return names.filter((n) => !exported.has(n) && !PROMETHEUS_OWN.has(n)).map((n) => `${where}: ${n}`);
  });
  expect(unknown).toEqual([]);
});

it('alerts on a missing loader, backlogs, stalled queues, failed jobs and stale accounts', () => {
  expect(rules.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort()).toEqual(
    [
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

it('scrapes the loaders where deploy/k8s and docker-compose.yml run them', async () => {
  const example = await kustomizeBuild(path.join(repoRoot, 'deploy', 'k8s', 'overlays', 'example'));
  const service = example.find((m) => m.kind === 'Service' && m.metadata.name === 'loader');
  expect(service?.spec).toMatchObject({ clusterIP: 'None', ports: [{ port: 4200, targetPort: 'http' }] });
  const k8s = parse(await fs.readFile(path.join(DIR, 'prometheus.yml'), 'utf8')) as { scrape_configs: unknown[] };
  expect(k8s.scrape_configs).toEqual([
    expect.objectContaining({
      job_name: 'datasync-loader',
      dns_sd_configs: [expect.objectContaining({ names: [`loader.${service?.metadata.namespace}.svc`], port: 4200 })],
    }),
  ]);
  const compose = parse(await fs.readFile(path.join(DIR, 'prometheus-compose.yml'), 'utf8')) as { scrape_configs: unknown[] };
  const composeLoader = (
    parse(await fs.readFile(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: { loader: { environment: { PORT: string } } };
    }
  ).services.loader;
  expect(compose.scrape_configs).toEqual([
    expect.objectContaining({
      job_name: 'datasync-loader',
      dns_sd_configs: [expect.objectContaining({ names: ['loader'], port: Number(composeLoader.environment.PORT) })],
    }),
  ]);
});

describe('promtool', () => {
  const promtool = findOnPath('promtool');
  const run = (...args: string[]) => promisify(execFile)(promtool ?? 'promtool', args, { cwd: DIR });
  // .ci/run installs Debian's prometheus package; a machine without it says so and checks the rest.
  const absent = () => {
    if (promtool) return false;
    process.stderr.write('observability: promtool not found (Debian package "prometheus"); the promtool checks did not run\n');
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
