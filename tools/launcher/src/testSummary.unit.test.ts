import { formatSummary, type ProjectResult } from './testSummary';

const result = (overrides: Partial<ProjectResult>): ProjectResult => ({
  project: 'unit',
  passed: 10,
  failed: 0,
  skipped: 0,
  durationMs: 5_000,
  budgetMs: 60_000,
  ...overrides,
});

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('formatSummary', () => {
  it('ends with the plain totals line CI reads', () => {
    const summary = formatSummary([
      result({ project: 'unit', passed: 7, failed: 1 }),
      result({ project: 'integration', passed: 5, failed: 2, budgetMs: 720_000 }),
    ]);
    expect(lastLine(summary.text)).toBe('12 passed, 3 failed');
    expect(summary.ok).toBe(false);
  });

  it('is ok only with no failure and every project within budget', () => {
    expect(formatSummary([result({}), result({ project: 'e2e', budgetMs: 900_000 })]).ok).toBe(true);
    const slow = formatSummary([result({ durationMs: 61_000 })]);
    expect(slow.ok).toBe(false);
    expect(slow.text).toContain('unit took 61.0 s, over its budget of 60.0 s');
    expect(slow.text).toMatch(/^unit .*OVER BUDGET$/m);
    expect(lastLine(slow.text)).toBe('10 passed, 0 failed');
  });

  it('shows each project with its time against its budget', () => {
    const { text } = formatSummary([result({ project: 'integration', passed: 3, skipped: 2, durationMs: 125_400, budgetMs: 720_000 })]);
    expect(text).toMatch(/^integration\s+3\s+0\s+2\s+125\.4 s\s+< 720 s\s+ok$/m);
  });

  it('prints the totals line once, so no other line can be mistaken for it', () => {
    const { text } = formatSummary([result({}), result({ project: 'e2e' })]);
    expect(text.split('\n').filter((l) => /^\d+ passed, \d+ failed$/.test(l))).toHaveLength(1);
  });
});
