import { redactString } from '@datasync/logger';
import { inheritedEnv, loadTestRunnerConfig } from './config';
import { listTestFiles, runJestProject } from './jestRun';
import { runLint } from './lintRun';
import { ProcessGroup, prefixedStdout } from './processes';
import { needsOf, tierOf } from './testNeeds';
import { checkPrograms, startTestServers } from './testServers';
import { formatSummary, type ProjectResult } from './testSummary';

// `npm test`: the test files selected, what they need (checked installed, or a stop that says how
// to install it), the servers they need started privately as children, then lint → unit →
// integration → e2e, then one summary. Arguments after `npm test --` go to every jest run (a path
// or -t filter, say). It never installs anything, nor uses or changes the machine's own servers.

/**
 * Wall-clock budgets on a 2-core machine; every later change must keep them. The end-to-end
 * budget allows for a provider answering with Stripe's latency (a page of 100 in about 0.4 s) and
 * for the fault scenarios (Redis lost, every loader killed, scale-in during 100,000 rows). The
 * integration budget allows for the real Redis Cluster, MariaDB and S3 runs beside Postgres: about
 * 11 minutes measured on an idle machine, so a slow test shows before the suite fails.
 */
const PROJECTS: { project: string; budgetMs: number }[] = [
  { project: 'unit', budgetMs: 60_000 },
  { project: 'integration', budgetMs: 14 * 60_000 },
  { project: 'e2e', budgetMs: 35 * 60_000 },
];

const LINT_BUDGET_MS = 60_000;

async function main(): Promise<number> {
  const config = loadTestRunnerConfig();
  const log = (message: string) => prefixedStdout('npm test', redactString(message));
  const group = new ProcessGroup(prefixedStdout, (child) => log(`${child.spec.name} exited during the tests`));
  const stopServers = () => group.stop(group.list(), 10_000);
  process.once('SIGINT', () => void stopServers().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stopServers().then(() => process.exit(143)));

  try {
    const files = await listTestFiles(inheritedEnv(), process.argv.slice(2));
    const needs = needsOf(files);
    // Before any server or test starts: a missing program stops the run here, not half-way through.
    checkPrograms(needs, config);
    const servers = await startTestServers(needs, config, group, log);
    log(
      `test servers: ${
        Object.entries(servers)
          .map(([name, value]) => `${name}=${value}`)
          .join(', ') || 'none needed'
      }`,
    );
    const env = { ...inheritedEnv(), ...servers };
    const results: ProjectResult[] = [];
    // A filtered run (`npm test -- <pattern>`) is a focused one: the whole-repository checks are skipped.
    if (process.argv.length <= 2) {
      log('running lint (eslint, prettier)');
      results.push(await runLint(LINT_BUDGET_MS, env));
    }
    for (const { project, budgetMs } of PROJECTS) {
      if (!files.some((file) => tierOf(file) === project)) continue;
      log(`running ${project} tests`);
      results.push(await runJestProject(project, budgetMs, env, process.argv.slice(2)));
    }
    const summary = formatSummary(results);
    process.stdout.write(summary.text);
    return summary.ok ? 0 : 1;
  } catch (err) {
    log(`cannot run the tests: ${err instanceof Error ? err.message : String(err)}`);
    process.stdout.write('0 passed, 1 failed\n');
    return 1;
  } finally {
    await stopServers();
  }
}

void main().then((code) => process.exit(code));
