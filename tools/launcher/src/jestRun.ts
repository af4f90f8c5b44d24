import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { repoRoot } from './config';
import type { ProjectResult } from './testSummary';

/** jest.config.ts's projects, in the order `npm test` runs them. */
export const PROJECT_NAMES = ['unit', 'integration', 'e2e'] as const;

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
}

/**
 * Runs one jest project, each line it prints prefixed with the project's name (projects run side
 * by side), and reads its counts from jest's JSON.
 */
export async function runJestProject(
  project: string,
  budgetMs: number,
  env: NodeJS.ProcessEnv,
  extraArgs: string[],
  writeLine: (name: string, line: string) => void,
): Promise<ProjectResult> {
  const outputFile = path.join(os.tmpdir(), `datasync-jest-${project}-${process.pid}.json`);
  await fs.rm(outputFile, { force: true });
  const started = Date.now();
  const args = [
    require.resolve('jest/bin/jest', { paths: [repoRoot] }),
    '--selectProjects',
    project,
    '--ci',
    // A filter given to `npm test -- <pattern>` may match nothing in some project.
    '--passWithNoTests',
    '--json',
    `--outputFile=${outputFile}`,
    ...extraArgs,
  ];
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (l) => writeLine(project, l));
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
  const durationMs = Date.now() - started;
  const json = await readJson(outputFile);
  await fs.rm(outputFile, { force: true });
  const counted = json ? json.numFailedTests + json.numRuntimeErrorTestSuites : 0;
  return {
    project,
    passed: json?.numPassedTests ?? 0,
    // Jest failing with nothing counted (global setup, a crash) is still a failure.
    failed: exitCode !== 0 && counted === 0 ? 1 : counted,
    skipped: json ? json.numPendingTests + json.numTodoTests : 0,
    durationMs,
    budgetMs,
  };
}

async function readJson(file: string): Promise<JestJson | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as JestJson;
  } catch {
    return undefined;
  }
}

/**
 * The test files jest would run for these arguments, over every project, without running them:
 * what tells `npm test` which servers to start. The arguments come first, since
 * `--selectProjects` takes every word after it as a project name.
 */
export async function listTestFiles(env: NodeJS.ProcessEnv, extraArgs: string[]): Promise<string[]> {
  const args = [
    require.resolve('jest/bin/jest', { paths: [repoRoot] }),
    ...extraArgs,
    '--listTests',
    '--json',
    '--selectProjects',
    ...PROJECT_NAMES,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 });
  // jest prints "Running 3 projects:" and the names before the JSON.
  const json = stdout.slice(stdout.indexOf('['));
  return JSON.parse(json) as string[];
}
