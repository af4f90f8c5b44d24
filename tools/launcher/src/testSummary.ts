/** One jest project's outcome (or lint's, or the whole run's), as `npm test` reports it. */
export interface ProjectResult {
  project: string;
  passed: number;
  /** Failed tests, plus suites that could not run, plus 1 when jest itself failed without saying why. */
  failed: number;
  skipped: number;
  durationMs: number;
  budgetMs: number;
}

export interface SummaryOptions {
  /** On CI (`CI=true`) a tier over its budget fails the run; elsewhere it only warns. */
  ci: boolean;
  /** The whole run's wall time (tiers run side by side, so it is not their sum) and its budget. */
  total?: { durationMs: number; budgetMs: number };
}

export interface Summary {
  text: string;
  ok: boolean;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Whether CI runs this (`.ci/run` exports CI=true, as most CI systems do). */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  return env.CI === 'true' || env.CI === '1';
}

/**
 * What a time over budget means: on CI it fails the run, because the budgets only hold if every
 * change keeps them, and CI runs on a machine doing nothing else. A developer's machine may be
 * loaded by other work, which would make an honest change look slow: there it is a warning.
 */
export function budgetNotes(over: { name: string; durationMs: number; budgetMs: number }[], ci: boolean): string[] {
  return over.map(
    (o) =>
      `${ci ? '' : 'warning: '}${o.name} took ${seconds(o.durationMs)}, over its budget of ${seconds(o.budgetMs)}: ` +
      `make slow tests faster${ci ? '' : ' (on CI, CI=true, this fails the run)'}`,
  );
}

function row(name: string, counts: string, durationMs: number, budgetMs: number, verdict: string): string {
  return `${name.padEnd(13)}${counts}${seconds(durationMs).padStart(10)}${`< ${Math.round(budgetMs / 1000)} s`.padStart(11)}  ${verdict}`;
}

/**
 * The closing report: each tier with its time against its budget, the whole run's time, then the
 * plain `N passed, N failed` that CI reads as the last line.
 */
export function formatSummary(results: ProjectResult[], options: SummaryOptions): Summary {
  const header = `${'project'.padEnd(13)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'skipped'.padStart(9)}${'time'.padStart(10)}${'budget'.padStart(11)}`;
  const rows = results.map((r) => {
    const verdict = r.failed > 0 ? 'FAILED' : r.durationMs > r.budgetMs ? 'OVER BUDGET' : 'ok';
    const counts = `${String(r.passed).padStart(8)}${String(r.failed).padStart(8)}${String(r.skipped).padStart(9)}`;
    return row(r.project, counts, r.durationMs, r.budgetMs, verdict);
  });
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const over = results
    .filter((r) => r.durationMs > r.budgetMs)
    .map((r) => ({ name: r.project, durationMs: r.durationMs, budgetMs: r.budgetMs }));
  const { total } = options;
  if (total) {
    const verdict = total.durationMs > total.budgetMs ? 'OVER BUDGET' : 'ok';
    rows.push(row('total', ' '.repeat(25), total.durationMs, total.budgetMs, verdict));
    if (total.durationMs > total.budgetMs) over.push({ name: 'the whole run', ...total });
  }
  const line = '-'.repeat(header.length + 13);
  const notes = budgetNotes(over, options.ci);
  const text = ['', line, header, ...rows, line, ...notes, `${passed} passed, ${failed} failed`, ''].join('\n');
  return { text, ok: failed === 0 && (over.length === 0 || !options.ci) };
}
