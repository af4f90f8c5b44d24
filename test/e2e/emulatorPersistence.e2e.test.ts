import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '@datasync/testing';
import { repoRoot } from './support/repo';

// The emulator process started with EMULATOR_STATE_DIR, killed (-9, and cleanly), started again:
// the same accounts, keys, changed objects, events and clocks answer, and new accounts get new ids.

interface Emulator {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
}

let stateDir: string;
let port: number;
const running = new Set<Emulator>();

async function startEmulator(): Promise<Emulator> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'services', 'provider-emulator', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      EMULATOR_LATENCY_MS: '0',
      EMULATOR_STATE_DIR: stateDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const emulator = { child, baseUrl, exited };
  running.add(emulator);
  void exited.then(() => running.delete(emulator));
  await waitFor(async () => (await fetch(`${baseUrl}/health`)).ok, {
    description: 'the emulator to answer /health',
    timeoutMs: 20_000,
    intervalMs: 100,
  });
  return emulator;
}

async function call(
  emulator: Emulator,
  method: string,
  url: string,
  options: { body?: unknown; key?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const response = await fetch(`${emulator.baseUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.json() };
}

/** What a client of the account sees: the account, a changed, a created and a deleted object, events, test clocks. */
async function observe(
  emulator: Emulator,
  account: { id: string; secret_key: string },
  ids: { updated: string; created: string; deleted: string },
) {
  const key = account.secret_key;
  const admin = await call(emulator, 'GET', `/_emulator/accounts/${account.id}`);
  return {
    account: (await call(emulator, 'GET', '/v1/account', { key })).body,
    admin: { ...admin.body, now: undefined },
    updated: (await call(emulator, 'GET', `/v1/charges/${ids.updated}`, { key })).body,
    created: (await call(emulator, 'GET', `/v1/charges/${ids.created}`, { key })).body,
    deleted: (await call(emulator, 'GET', `/v1/customers/${ids.deleted}`, { key })).body,
    charges: (await call(emulator, 'GET', '/v1/charges?limit=100', { key })).body,
    events: (await call(emulator, 'GET', '/v1/events?limit=100', { key })).body,
    clocks: (await call(emulator, 'GET', '/v1/test_helpers/test_clocks', { key })).body,
    clockOffset: admin.body.now - Math.floor(Date.now() / 1000),
  };
}

beforeEach(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-state-'));
  port = await freePort();
});
afterEach(async () => {
  for (const emulator of running) {
    emulator.child.kill('SIGKILL');
    await emulator.exited;
  }
  rmSync(stateDir, { recursive: true, force: true });
});

it.each([
  ['kill -9', 'SIGKILL'],
  ['a clean stop', 'SIGTERM'],
] as const)('accounts, keys, objects, events and clocks survive %s; ids are never reused', async (_, signal) => {
  let emulator = await startEmulator();
  const created = await call(emulator, 'POST', '/_emulator/accounts', { body: { objects: { charges: 30, customers: 5 } } });
  expect(created.status).toBe(201);
  const account = created.body as { id: string; secret_key: string };
  const key = account.secret_key;
  const charges = (await call(emulator, 'GET', '/v1/charges?limit=3', { key })).body.data as { id: string }[];
  const customers = (await call(emulator, 'GET', '/v1/customers?limit=1', { key })).body.data as { id: string }[];
  const ids = {
    updated: charges[1]!.id,
    created: (await call(emulator, 'POST', `/_emulator/accounts/${account.id}/charges`, { body: { amount: 4242 } })).body.id as string,
    deleted: customers[0]!.id,
  };
  expect(
    (
      await call(emulator, 'POST', `/_emulator/accounts/${account.id}/charges/${ids.updated}`, {
        body: { description: 'changed before the restart' },
      })
    ).status,
  ).toBe(200);
  expect((await call(emulator, 'DELETE', `/_emulator/accounts/${account.id}/customers/${ids.deleted}`)).status).toBe(200);
  expect((await call(emulator, 'POST', `/_emulator/accounts/${account.id}/clock`, { body: { advance_seconds: 3600 } })).status).toBe(200);
  expect((await call(emulator, 'POST', `/_emulator/accounts/${account.id}/test_clocks`, { body: { name: 'kept' } })).status).toBe(201);
  const before = await observe(emulator, account, ids);
  expect(before.updated.description).toBe('changed before the restart');
  expect(before.deleted).toEqual({ id: ids.deleted, object: 'customer', deleted: true });
  expect(before.events.data.length).toBeGreaterThanOrEqual(3);

  emulator.child.kill(signal);
  await emulator.exited;
  emulator = await startEmulator();
  const after = await observe(emulator, account, ids);
  expect({ ...after, clockOffset: undefined }).toEqual({ ...before, clockOffset: undefined });
  expect(Math.abs(after.clockOffset - 3600)).toBeLessThanOrEqual(2);

  // A new account after the restart: a fresh id and key, not the first one's again.
  const next = (await call(emulator, 'POST', '/_emulator/accounts', { body: { objects: { charges: 1 } } })).body as {
    id: string;
    secret_key: string;
  };
  expect(next.id).not.toBe(account.id);
  expect(next.secret_key).not.toBe(key);
  // And a change made after the restart is kept through the next one.
  await call(emulator, 'POST', `/_emulator/accounts/${account.id}/charges/${ids.updated}`, {
    body: { description: 'changed after the restart' },
  });
  emulator.child.kill(signal);
  await emulator.exited;
  emulator = await startEmulator();
  expect((await call(emulator, 'GET', `/v1/charges/${ids.updated}`, { key })).body.description).toBe('changed after the restart');
  expect((await call(emulator, 'GET', '/v1/account', { key: next.secret_key })).body.id).toBe(next.id);
});
