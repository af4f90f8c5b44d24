import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './support/repo';

// `npm test` as a user who cannot install anything (`nobody` when run as root) on a machine that
// has nothing but Node on PATH: a focused run of unit tests needs nothing and starts nothing; a run
// that needs a missing program stops before any test, naming how to install it, and never asks
// for root or runs a set-up script.

const NOBODY = 65534;

function runTestMain(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'launcher', 'dist', 'testMain.js'), ...args], {
      cwd: repoRoot,
      env,
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
      reject(new Error(`npm test still running after 120 s:\n${output}`));
    }, 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let bin: string;
beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'fresh-machine-bin-'));
  symlinkSync(process.execPath, path.join(bin, 'node'));
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

it('runs a focused unit path with nothing installed, starting no server', async () => {
  const { code, output } = await runTestMain(['libs/config/src/config.unit.test.ts'], { PATH: bin, HOME: os.tmpdir() });
  expect({ code, tail: output.slice(-300) }).toEqual({ code: 0, tail: expect.stringMatching(/\n3 passed, 0 failed\n$/) });
  expect(output).toContain('test servers: none needed');
  expect(output).not.toMatch(/starting a private|postgres +\||redis +\||mariadb +\|/);
  expect(output).not.toContain('running integration tests');
});

it('stops before any server or test starts when a program the selection needs is missing, saying how to install it', async () => {
  const { code, output } = await runTestMain(['libs/db/src/migrations.integration.test.ts'], { PATH: bin, HOME: os.tmpdir() });
  expect(code).toBe(1);
  expect(output).toContain(
    'redis-server: sudo apt-get install redis-server (or set REDIS_SERVER_PATH to its path, or REDIS_URL to a running Redis)',
  );
  expect(output).not.toMatch(/starting a private|running \w+ tests/);
  expect(output).not.toMatch(/sudo \.ci\/setup/);
  expect(output.endsWith('0 passed, 1 failed\n')).toBe(true);
});
