import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { waitFor } from '@datasync/testing';
import { LauncherRun, type Demo } from './support/launcher';
import { portOf, isListening } from './support/ports';
import { commandLine, descendants, isAlive } from './support/processTree';

// `npm start` as a user runs it on a fresh clone: no DATABASE_URL, no REDIS_URL, an empty data
// folder. Then Ctrl-C, which must leave no process and no port behind. Then a second start on the
// kept data, as after a reboot.

const READY_MS = 120_000;
const STOP_MS = 30_000;

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'datasync-start-'));
  // As root the embedded Postgres runs as the `postgres` OS user, which must reach its folder.
  chmodSync(dataDir, 0o755);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const everyUrl = (demo: Demo) => [
  demo.services.provider_emulator,
  demo.services.config_service,
  demo.services.accounts_api,
  ...demo.services.loaders,
];

async function withDestination<T>(demo: Demo, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: demo.destination.connection_string });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const writeMarker = (demo: Demo, value: string) =>
  withDestination(demo, async (client) => {
    await client.query('create table e2e_marker (value text)');
    await client.query('insert into e2e_marker values ($1)', [value]);
  });

const readMarker = (demo: Demo) =>
  withDestination(demo, async (client) => (await client.query<{ value: string }>('select value from e2e_marker')).rows[0]?.value);

async function expectEverythingAnswers(demo: Demo): Promise<void> {
  expect(demo.services.loaders).toHaveLength(2);
  expect(new Set(everyUrl(demo).map(portOf)).size).toBe(5);
  for (const url of everyUrl(demo)) {
    const response = await fetch(`${url}/health`);
    expect({ url, status: response.status }).toEqual({ url, status: 200 });
  }
  // Metrics for an operator: both APIs and every loader, the APIs' apart from their public ports.
  expect(demo.metrics).toHaveLength(4);
  for (const url of demo.metrics) {
    const response = await fetch(url);
    expect({ url, status: response.status }).toEqual({ url, status: 200 });
  }
  expect((await fetch(`${demo.services.accounts_api}/metrics`)).status).toBe(404);
  expect((await fetch(`${demo.services.config_service}/metrics`)).status).toBe(404);
  // The demo destination is a real database, reached with its own role, as the guide recommends.
  expect(demo.destination).toMatchObject({ engine: 'postgres', database: 'datasync_demo' });
  const who = await withDestination(
    demo,
    async (client) => (await client.query<{ db: string; role: string }>('select current_database() as db, current_user as role')).rows[0],
  );
  expect(who).toEqual({ db: 'datasync_demo', role: 'datasync_demo' });
}

/** SIGINT (Ctrl-C), then: exit 0, every process it started gone, every port it used free. */
async function stopAndExpectNothingLeft(run: LauncherRun, demo: Demo): Promise<void> {
  const pids = descendants(run.pid);
  // Services, Postgres (with its backends) and Redis at least.
  expect(pids.length).toBeGreaterThanOrEqual(7);
  const ports = [
    ...everyUrl(demo).map(portOf),
    ...demo.metrics.map(portOf),
    portOf(demo.control_plane.database_url),
    portOf(demo.control_plane.redis_url),
  ];

  run.process.kill('SIGINT');
  const status = await Promise.race([
    run.exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no exit within ${STOP_MS} ms:\n${run.log()}`)), STOP_MS).unref()),
  ]);
  expect(status).toEqual({ code: 0, signal: null });

  const leftBehind = pids.filter(isAlive).map((pid) => `${pid} ${commandLine(pid)}`);
  expect(leftBehind).toEqual([]);
  // Processes are gone, so their sockets close at once; a short poll covers the kernel's bookkeeping.
  await waitFor(async () => (await Promise.all(ports.map(isListening))).every((listening) => !listening), {
    description: `ports ${ports.join(', ')} to be free`,
    timeoutMs: 5_000,
  });
  expect(existsSync(path.join(dataDir, 'demo.json'))).toBe(false);
}

it(
  'runs from an empty data folder, stops without leftovers, and starts again on the kept data',
  async () => {
    const first = new LauncherRun(dataDir);
    const firstDemo = await first.demo(READY_MS);
    await expectEverythingAnswers(firstDemo);
    await writeMarker(firstDemo, 'kept');
    await stopAndExpectNothingLeft(first, firstDemo);

    const second = new LauncherRun(dataDir);
    const secondDemo = await second.demo(READY_MS);
    // Same port, so connection strings stored in the demo stay valid; same data, so nothing is lost.
    expect(portOf(secondDemo.control_plane.database_url)).toBe(portOf(firstDemo.control_plane.database_url));
    expect(await readMarker(secondDemo)).toBe('kept');
    await expectEverythingAnswers(secondDemo);
    await stopAndExpectNothingLeft(second, secondDemo);
  },
  2 * READY_MS + 2 * STOP_MS,
);
