import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './config';
import type { ProjectResult } from './testSummary';

/** What `npm test` checks besides the tests: ESLint's rules, then Prettier's formatting. */
const CHECKS: { name: string; bin: string; args: string[] }[] = [
  { name: 'eslint', bin: 'eslint/bin/eslint.js', args: ['.', '--max-warnings=0'] },
  { name: 'prettier', bin: 'prettier/bin/prettier.cjs', args: ['--check', '--log-level=warn', '.'] },
];

/**
 * Runs the static checks with the terminal attached and reports them as one project of the
 * summary: each check is a "test" that passed or failed, so a lint finding fails the run without
 * hiding the test results that follow it.
 */
export async function runLint(budgetMs: number, env: NodeJS.ProcessEnv): Promise<ProjectResult> {
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  for (const check of CHECKS) {
    // Both packages keep their bin scripts out of `exports`, so they are named by path.
    const script = path.join(repoRoot, 'node_modules', check.bin);
    const exitCode = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [script, ...check.args], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
      child.once('error', () => resolve(1));
      child.once('close', (code) => resolve(code ?? 1));
    });
    if (exitCode === 0) passed += 1;
    else failed += 1;
  }
  return { project: 'lint', passed, failed, skipped: 0, durationMs: Date.now() - started, budgetMs };
}
