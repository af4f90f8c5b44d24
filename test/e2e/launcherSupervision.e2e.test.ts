import { Client } from 'pg';
import { waitFor } from '@datasync/testing';
import { launcherWorkspace, type AttachableDemo, type Demo } from './support/launcher';
import { redisPid, servicePid } from './support/launcherChildren';
import { answersPing } from './support/redisPing';
import { portOf } from './support/ports';
import { descendants, isAlive } from './support/processTree';

// `npm start` supervises its children: kill -9 of a loader, then of the Redis child (which comes
// back empty), mid-backfill. Each comes back on its port, the demo account's backfill completes
// exactly and a change made afterwards arrives; Ctrl-C then stops the tiers in order, cleanly.

const READY_MS = 120_000;
const BACK_MS = 30_000;
// Generous: after an empty Redis the loaders must rebuild their schedules before polling resumes.
const SYNC_MS = 90_000;
const STOP_MS = 30_000;
const DEMO_CHARGES = 5000;

const workspace = launcherWorkspace('supervision');

async function destinationQuery<T>(demo: Demo, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: demo.destination.connection_string });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } catch (err) {
    // The table appears with the first batch the loader writes.
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  } finally {
    await client.end();
  }
}

const chargeCounts = async (demo: Demo) =>
  (
    await destinationQuery<{ total: string; distinct_ids: string }>(
      demo,
      'select count(*) as total, count(distinct id) as distinct_ids from stripe_charges',
    )
  )[0];

async function attachDemoAccount(demo: AttachableDemo): Promise<void> {
  const { client_id: id, client_secret: secret } = demo.client_credentials;
  const response = await fetch(`${demo.services.accounts_api}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    body: JSON.stringify({ sourceType: 'stripe', credential: demo.attachable_account.secret_key, identifier: 'demo_customer' }),
  });
  expect({ status: response.status, body: await response.text() }).toEqual({
    status: 200,
    body: expect.stringContaining('"already_existed":false'),
  });
}

async function createCharge(demo: AttachableDemo, description: string): Promise<string> {
  const response = await fetch(`${demo.services.provider_emulator}/_emulator/accounts/${demo.attachable_account.id}/charges`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ description }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const healthy = async (url: string) => {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
};

const restartLine = (name: string) => new RegExp(`launcher\\s+\\| ${name} exited unexpectedly \\(signal SIGKILL\\); restarting in 0\\.5 s`);

it(
  'brings back a killed loader and a killed Redis, keeps loading, and stops in order on Ctrl-C',
  async () => {
    const launcher = workspace.start();
    const demo = (await launcher.demo(READY_MS)) as AttachableDemo;
    const loaderUrl = demo.services.loaders[0] ?? '';
    const loaderPort = portOf(loaderUrl);
    const redisPort = portOf(demo.control_plane.redis_url);

    await attachDemoAccount(demo);
    // Mid-backfill: the first rows are in, most are still to come.
    await waitFor(async () => Number((await chargeCounts(demo))?.total ?? 0) > 0, { description: 'the first charges', timeoutMs: 60_000 });

    const firstLoader = servicePid(launcher.pid, 'loader', loaderPort);
    expect(firstLoader).toBeDefined();
    process.kill(firstLoader ?? 0, 'SIGKILL');
    const secondLoader = await waitFor(
      async () => {
        const pid = servicePid(launcher.pid, 'loader', loaderPort);
        return pid !== undefined && pid !== firstLoader && (await healthy(loaderUrl)) ? pid : undefined;
      },
      { description: `loader-1 back on port ${loaderPort}`, timeoutMs: BACK_MS, intervalMs: 200 },
    );
    expect(launcher.log()).toMatch(restartLine('loader-1'));

    const firstRedis = redisPid(launcher.pid, redisPort);
    expect(firstRedis).toBeDefined();
    process.kill(firstRedis ?? 0, 'SIGKILL');
    const secondRedis = await waitFor(
      async () => {
        const pid = redisPid(launcher.pid, redisPort);
        return pid !== undefined && pid !== firstRedis && (await answersPing(redisPort)) ? pid : undefined;
      },
      { description: `redis back on port ${redisPort}`, timeoutMs: BACK_MS, intervalMs: 200 },
    );
    expect(launcher.log()).toMatch(restartLine('redis'));
    // Neither fault stopped anything else: the rest of the system is the one that started.
    expect(launcher.log()).not.toMatch(/exited unexpectedly \((?!signal SIGKILL)/);

    const changed = await createCharge(demo, 'made after the restarts');
    const arrived = await waitFor(
      async () => {
        const rows = await destinationQuery<{ description: string }>(
          demo,
          `select data->>'description' as description from stripe_charges where id = $1`,
          [changed],
        );
        const counts = await chargeCounts(demo);
        return rows[0]?.description === 'made after the restarts' && Number(counts?.total) === DEMO_CHARGES + 1 ? counts : undefined;
      },
      { description: 'the whole backfill and the later change in the destination', timeoutMs: SYNC_MS, intervalMs: 1000 },
    );
    // Exact: every charge once, none twice.
    expect(arrived).toEqual({ total: String(DEMO_CHARGES + 1), distinct_ids: String(DEMO_CHARGES + 1) });
    expect([secondLoader, secondRedis].every(isAlive)).toBe(true);

    const children = descendants(launcher.pid);
    const before = launcher.log().length;
    launcher.process.kill('SIGINT');
    const status = await Promise.race([
      launcher.exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no exit within ${STOP_MS} ms:\n${launcher.log()}`)), STOP_MS).unref()),
    ]);
    expect(status).toEqual({ code: 0, signal: null });
    expect(children.filter(isAlive)).toEqual([]);

    const shutdown = launcher.log().slice(before);
    const order = [
      'stopping loader-1, loader-2',
      'stopping config-service, accounts-api',
      'stopping provider-emulator',
      'stopping postgres, redis',
    ];
    const positions = order.map((line) => shutdown.indexOf(`| ${line}\n`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // A service cut off mid-drain, a store gone under a loader, a restart during the shutdown.
    expect(shutdown).not.toMatch(
      /cutting remaining connections|terminating connection due to administrator command|ECONNREFUSED|restarting in/,
    );
  },
  READY_MS + 60_000 + 2 * BACK_MS + SYNC_MS + STOP_MS,
);
