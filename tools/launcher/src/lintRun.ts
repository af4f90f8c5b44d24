import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './config';
import type { ProjectResult } from './testSummary';

/** What `npm test` checks besides the tests: ESLint's rules and Prettier's formatting. */
const CHECKS: { name: string; bin: string; args: string[] }[] = [
  { name: 'eslint', bin: 'eslint/bin/eslint.js', args: ['.', '--max-warnings=0'] },
  { name: 'prettier', bin: 'prettier/bin/prettier.cjs', args: ['--check', '--log-level=warn', '.'] },
];

interface CheckRun {
  exitCode: number;
  /** What the check printed, stdout and stderr as they came. */
  output: Buffer[];
}

function runCheck(check: (typeof CHECKS)[number], env: NodeJS.ProcessEnv): Promise<CheckRun> {
  // Both packages keep their bin scripts out of `exports`, so they are named by path.
  const script = path.join(repoRoot, 'node_modules', check.bin);
  const output: Buffer[] = [];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...check.args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (err) => resolve({ exitCode: 1, output: [...output, Buffer.from(`${check.name}: ${err.message}\n`)] }));
    child.once('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

/**
 * Runs the static checks side by side (each takes about half a minute on a 2-core machine, and
 * one after the other they came near the project's budget), then prints what each found, one
 * after the other, and reports them as one project of the summary: each check is a "test" that
 * passed or failed, so a lint finding fails the run without hiding the test results that follow it.
 */
export async function runLint(budgetMs: number, env: NodeJS.ProcessEnv): Promise<ProjectResult> {
  const started = Date.now();
  const runs = await Promise.all(CHECKS.map((check) => runCheck(check, env)));
  for (const run of runs) process.stdout.write(Buffer.concat(run.output));
  const passed = runs.filter((r) => r.exitCode === 0).length;
  return { project: 'lint', passed, failed: runs.length - passed, skipped: 0, durationMs: Date.now() - started, budgetMs };
}
