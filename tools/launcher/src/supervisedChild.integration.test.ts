import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@datasync/testing';
import { inheritedEnv } from './config';
import { pollUntil } from './poll';
import { ProcessGroup, type ManagedChild } from './processes';
import { SupervisedChild } from './supervisedChild';

// Real child processes, restarted by the class `npm start` supervises its children with.

const QUICK = { initialMs: 100, factor: 2, maxMs: 400, healthyAfterMs: 60_000 };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'supervised-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const started: SupervisedChild[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((supervised) => supervised.stop(1_000)));
});

function harness(script: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const logged: string[] = [];
  const fatal: string[] = [];
  const group = new ProcessGroup((name, line) => lines.push(`${name}: ${line}`));
  // As the launcher's own readiness checks: polled, and given up as soon as the child exits.
  const ready = (child: ManagedChild) =>
    pollUntil(
      'worker',
      async () => {
        if (!lines.some((line) => line.startsWith(`worker: ready ${String(child.pid)}`))) throw new Error('not ready yet');
      },
      { timeoutMs: 5_000, intervalMs: 20, givenUp: () => (child.running ? undefined : 'exited') },
    );
  const supervised = new SupervisedChild({
    group,
    spec: { name: 'worker', command: process.execPath, args: ['-e', script], env: { ...inheritedEnv(), ...env } },
    ready,
    log: (message) => logged.push(message),
    onExitBeforeReady: (message) => fatal.push(message),
    backoff: QUICK,
  });
  started.push(supervised);
  return { supervised, lines, logged, fatal, group };
}

const SERVES = "console.log('ready ' + process.pid + ' ' + process.env.WORKER_SETTING); setInterval(() => {}, 1000)";

it('restarts a killed child with the same environment, saying why and when', async () => {
  const { supervised, lines, logged } = harness(SERVES, { WORKER_SETTING: 'kept' });
  await supervised.start();
  const first = supervised.child;
  expect(lines).toContain(`worker: ready ${String(first?.pid)} kept`);

  first?.signalGroup('SIGKILL');
  await waitFor(() => logged.some((line) => line.startsWith('worker is back')), { description: 'the restart', timeoutMs: 10_000 });
  const second = supervised.child;
  expect(second?.pid).not.toBe(first?.pid);
  expect(second?.running).toBe(true);
  expect(lines).toContain(`worker: ready ${String(second?.pid)} kept`);
  expect(logged).toEqual([
    'worker exited unexpectedly (signal SIGKILL); restarting in 0.1 s',
    `worker is back (pid ${String(second?.pid)})`,
  ]);
  await supervised.stop(5_000);
});

it('waits longer after each crash of a child that dies right after starting', async () => {
  // Serves once, then every later start fails at once, as a service whose store is down would.
  const marker = path.join(dir, 'started-once');
  const { supervised, logged } = harness(
    `const fs = require('node:fs'); if (fs.existsSync(${JSON.stringify(marker)})) process.exit(3); fs.writeFileSync(${JSON.stringify(marker)}, ''); ${SERVES}`,
  );
  await supervised.start();
  supervised.child?.signalGroup('SIGKILL');
  await waitFor(() => logged.length >= 5, { description: 'five restarts announced', timeoutMs: 10_000 });
  await supervised.stop(5_000);
  expect(logged.slice(0, 5)).toEqual([
    'worker exited unexpectedly (signal SIGKILL); restarting in 0.1 s',
    'worker exited unexpectedly (exit code 3); restarting in 0.2 s',
    'worker exited unexpectedly (exit code 3); restarting in 0.4 s',
    'worker exited unexpectedly (exit code 3); restarting in 0.4 s',
    'worker exited unexpectedly (exit code 3); restarting in 0.4 s',
  ]);
  expect(existsSync(marker)).toBe(true);
});

it('does not restart a child that never came up: the start fails with the reason', async () => {
  const { supervised, fatal, logged } = harness('process.exit(2)');
  await expect(supervised.start()).rejects.toThrow('exited');
  await waitFor(() => fatal.length > 0, { description: 'the fatal exit report' });
  expect(fatal).toEqual(['worker exited unexpectedly (exit code 2)']);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(logged).toEqual([]);
});

it('restarts nothing once supervision ends, not even a child that dies afterwards', async () => {
  const { supervised, logged, group } = harness(SERVES);
  await supervised.start();
  supervised.endSupervision();
  const child = supervised.child;
  child?.signalGroup('SIGKILL');
  await child?.exited;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(logged).toEqual([]);
  expect(group.list()).toEqual([]);
});

it('cancels a restart that is still waiting when the child is stopped', async () => {
  const { supervised, logged, group } = harness(SERVES);
  await supervised.start();
  supervised.child?.signalGroup('SIGKILL');
  await waitFor(() => logged.length > 0, { description: 'the restart to be announced' });
  await supervised.stop(5_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(logged).toEqual(['worker exited unexpectedly (signal SIGKILL); restarting in 0.1 s']);
  expect(group.list()).toEqual([]);
});
