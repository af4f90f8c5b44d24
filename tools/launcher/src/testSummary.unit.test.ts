import { formatSummary, isCi, type ProjectResult } from './testSummary';

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
const local = { ci: false };
const ci = { ci: true };

describe('formatSummary', () => {
  it('ends with the plain totals line CI reads', () => {
    const summary = formatSummary(
      [result({ project: 'unit', passed: 7, failed: 1 }), result({ project: 'integration', passed: 5, failed: 2, budgetMs: 720_000 })],
      local,
    );
    expect(lastLine(summary.text)).toBe('12 passed, 3 failed');
    expect(summary.ok).toBe(false);
  });

  it('is ok with no failure and every project within budget, on CI and elsewhere', () => {
    const results = [result({}), result({ project: 'e2e', budgetMs: 900_000 })];
    expect(formatSummary(results, ci).ok).toBe(true);
    expect(formatSummary(results, local).ok).toBe(true);
  });

  it('fails on CI when a project is over its budget', () => {
    const slow = formatSummary([result({ durationMs: 61_000 })], ci);
    expect(slow.ok).toBe(false);
    expect(slow.text).toContain('unit took 61.0 s, over its budget of 60.0 s: make slow tests faster');
    expect(slow.text).not.toContain('warning');
    expect(slow.text).toMatch(/^unit .*OVER BUDGET$/m);
    expect(lastLine(slow.text)).toBe('10 passed, 0 failed');
  });

  it('only warns elsewhere when a project is over its budget', () => {
    const slow = formatSummary([result({ durationMs: 61_000 })], local);
    expect(slow.ok).toBe(true);
    expect(slow.text).toContain(
      'warning: unit took 61.0 s, over its budget of 60.0 s: make slow tests faster (on CI, CI=true, this fails the run)',
    );
    expect(slow.text).toMatch(/^unit .*OVER BUDGET$/m);
  });

  it('fails on failed tests whether or not on CI', () => {
    expect(formatSummary([result({ failed: 1 })], local).ok).toBe(false);
    expect(formatSummary([result({ failed: 1 })], ci).ok).toBe(false);
  });

  it('a time equal to the budget is within it', () => {
    expect(formatSummary([result({ durationMs: 60_000 })], ci).ok).toBe(true);
  });

  it('shows each project with its time against its budget', () => {
    const { text } = formatSummary(
      [result({ project: 'integration', passed: 3, skipped: 2, durationMs: 125_400, budgetMs: 720_000 })],
      local,
    );
    expect(text).toMatch(/^integration\s+3\s+0\s+2\s+125\.4 s\s+< 720 s\s+ok$/m);
  });

  it("shows the whole run's time against its own budget, which fails CI like a tier's", () => {
    const within = formatSummary([result({})], { ci: true, total: { durationMs: 600_000, budgetMs: 1_200_000 } });
    expect(within.text).toMatch(/^total\s+600\.0 s\s+< 1200 s\s+ok$/m);
    expect(within.ok).toBe(true);
    const over = { durationMs: 1_300_000, budgetMs: 1_200_000 };
    const onCi = formatSummary([result({})], { ci: true, total: over });
    expect(onCi.ok).toBe(false);
    expect(onCi.text).toMatch(/^total\s+1300\.0 s\s+< 1200 s\s+OVER BUDGET$/m);
    expect(onCi.text).toContain('the whole run took 1300.0 s, over its budget of 1200.0 s');
    expect(formatSummary([result({})], { ci: false, total: over }).ok).toBe(true);
  });

  it('prints the totals line once, so no other line can be mistaken for it', () => {
    const { text } = formatSummary([result({}), result({ project: 'e2e' })], { ci: true, total: { durationMs: 1, budgetMs: 2 } });
    expect(text.split('\n').filter((l) => /^\d+ passed, \d+ failed$/.test(l))).toHaveLength(1);
  });
});

describe('isCi', () => {
  it('is CI=true (as .ci/run exports) or CI=1, and nothing else', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({})).toBe(false);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '' })).toBe(false);
  });
});
