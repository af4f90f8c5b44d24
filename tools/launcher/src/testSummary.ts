/** One jest project's outcome, as `npm test` reports it. */
export interface ProjectResult {
  project: string;
  passed: number;
  /** Failed tests, plus suites that could not run, plus 1 when jest itself failed without saying why. */
  failed: number;
  skipped: number;
  durationMs: number;
  budgetMs: number;
}

export interface Summary {
  text: string;
  ok: boolean;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The closing report. Its last line is the plain `N passed, N failed` that CI reads; a project
 * over its time budget fails the run too, because the budgets only hold if every change keeps them.
 */
export function formatSummary(results: ProjectResult[]): Summary {
  const header = `${'project'.padEnd(13)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'skipped'.padStart(9)}${'time'.padStart(10)}${'budget'.padStart(11)}`;
  const rows = results.map((r) => {
    const verdict = r.failed > 0 ? 'FAILED' : r.durationMs > r.budgetMs ? 'OVER BUDGET' : 'ok';
    return (
      `${r.project.padEnd(13)}${String(r.passed).padStart(8)}${String(r.failed).padStart(8)}` +
      `${String(r.skipped).padStart(9)}${seconds(r.durationMs).padStart(10)}${`< ${Math.round(r.budgetMs / 1000)} s`.padStart(11)}  ${verdict}`
    );
  });
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const overBudget = results.filter((r) => r.durationMs > r.budgetMs);
  const notes = overBudget.map(
    (r) => `${r.project} took ${seconds(r.durationMs)}, over its budget of ${seconds(r.budgetMs)}: make slow tests faster`,
  );
  const line = '-'.repeat(header.length + 13);
  const text = ['', line, header, ...rows, line, ...notes, `${passed} passed, ${failed} failed`, ''].join('\n');
  return { text, ok: failed === 0 && overBudget.length === 0 };
}
