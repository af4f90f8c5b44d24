import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './support/repo';

// `npm test` on a fresh machine, as a user who cannot install anything: a PATH without redis-server
// (nor sbin daemons beyond those every Debian has) and the `nobody` user. It must stop before any
// test with the one command to run, never start jest and fail half-way through.

const NOBODY = 65534;

function runTestMain(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'launcher', 'dist', 'testMain.js')], {
      cwd: repoRoot,
      env,
      // As root, become `nobody`; any other user already cannot install anything.
      ...(process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm test still running after 30 s on a machine it cannot set up:\n${output}`));
    }, 30_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

let bin: string;
beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'fresh-machine-bin-'));
  symlinkSync(process.execPath, path.join(bin, 'node'));
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

it('stops at once, before any test, with the command that installs what is missing', async () => {
  const { code, output, ms } = await runTestMain({ PATH: bin, HOME: os.tmpdir() });
  expect(code).toBe(1);
  expect(output).toContain('redis-server is not installed. Run this once, then npm test again:');
  expect(output).toContain('    sudo .ci/setup\n');
  expect(output).not.toContain('running unit tests');
  expect(ms).toBeLessThan(15_000);
});
