import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childEnv } from './config';

const repoRoot = path.resolve(__dirname, '../../../..');
const register = path.join(repoRoot, 'libs/testing/register.js');

/** Runs a TypeScript file of the repo in its own node process, from sources (no build needed). */
export function spawnTs(file: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['-r', register, file, ...args], {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a script to its end and parses the last line it printed as JSON. */
export async function runTsForJson<T>(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const child = spawnTs(file, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${path.basename(file)} exited with ${code}: ${stderr.slice(-2000)}`);
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as T;
}

export { repoRoot };
