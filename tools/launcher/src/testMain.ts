import { redactString } from '@datasync/logger';
import { inheritedEnv, loadTestRunnerConfig } from './config';
import { listTestFiles, runJestProject } from './jestRun';
import { runLint } from './lintRun';
import { ProcessGroup, prefixedStdout } from './processes';
import { SIDE_BY_SIDE_MIN_CONNECTIONS, planLanes, postgresMaxConnections, type Tier } from './testLanes';
import { needsOf, tierOf } from './testNeeds';
import { checkPrograms, startTestServers } from './testServers';
import { formatSummary, isCi, type ProjectResult } from './testSummary';

// `npm test`: the test files selected, what they need (checked installed, or a stop that says how
// to install it), the servers they need started privately as children, then two lanes side by
// side: lint → unit → integration in one, e2e in the other (its tests mostly wait on processes and
// the emulator, so the other core is free for the first lane), then one summary. Arguments after
// `npm test --` go to every jest run (a path or -t filter, say). It never installs anything, nor
// uses or changes the machine's own servers.

/**
 * Wall-clock budgets on a 2-core machine with nothing else running (CI): the e2e lane is the
 * longest, and the whole run (servers included) must stay within TOTAL_BUDGET_MS. Over a budget,
 * CI fails and a developer's run warns (testSummary.ts). docs/testing.md has the figures they
 * come from.
 */
const LANES: Tier[][] = [
  [
    { project: 'unit', budgetMs: 60_000 },
    { project: 'integration', budgetMs: 14 * 60_000 },
  ],
  [{ project: 'e2e', budgetMs: 17 * 60_000 }],
];

const LINT_BUDGET_MS = 60_000;
const TOTAL_BUDGET_MS = 20 * 60_000;

async function main(): Promise<number> {
  const started = Date.now();
  const config = loadTestRunnerConfig();
  const log = (message: string) => prefixedStdout('npm test', redactString(message));
  const group = new ProcessGroup(prefixedStdout, (child) => log(`${child.spec.name} exited during the tests`));
  const stopServers = () => group.stop(group.list(), 10_000);
  process.once('SIGINT', () => void stopServers().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stopServers().then(() => process.exit(143)));

  try {
    const args = process.argv.slice(2);
    const files = await listTestFiles(inheritedEnv(), args);
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
    const selected = (lane: Tier[]) => lane.filter(({ project }) => files.some((file) => tierOf(file) === project));
    const maxConnections = servers.DATABASE_URL ? await postgresMaxConnections(servers.DATABASE_URL) : SIDE_BY_SIDE_MIN_CONNECTIONS;
    const lanes = planLanes(LANES.map(selected), maxConnections);
    if (lanes.length === 1 && LANES.every((lane) => selected(lane).length > 0)) {
      log(
        `Postgres allows ${maxConnections} connections: the tests run one tier after the other ` +
          `(side by side needs max_connections of ${SIDE_BY_SIDE_MIN_CONNECTIONS} or more)`,
      );
    }
    const runLane = async (lane: Tier[], before?: () => Promise<ProjectResult>): Promise<ProjectResult[]> => {
      const results: ProjectResult[] = before ? [await before()] : [];
      for (const { project, budgetMs } of lane) {
        log(`running ${project} tests`);
        results.push(await runJestProject(project, budgetMs, env, args, prefixedStdout));
      }
      return results;
    };
    // A filtered run (`npm test -- <pattern>`) is a focused one: the whole-repository checks are skipped.
    const lint = args.length === 0 ? () => (log('running lint (eslint, prettier)'), runLint(LINT_BUDGET_MS, env)) : undefined;
    const laneResults = await Promise.all(lanes.map((lane, n) => runLane(lane, n === 0 ? lint : undefined)));
    const order = ['lint', ...LANES.flat().map((t) => t.project)];
    const results = laneResults.flat().sort((a, b) => order.indexOf(a.project) - order.indexOf(b.project));
    const summary = formatSummary(results, {
      ci: isCi(process.env),
      // A focused run is not held to the whole suite's budget.
      ...(args.length === 0 ? { total: { durationMs: Date.now() - started, budgetMs: TOTAL_BUDGET_MS } } : {}),
    });
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
