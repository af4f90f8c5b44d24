import { Client } from 'pg';
import { waitFor } from '@datasync/testing';
import { launcherWorkspace, type AttachableDemo, type Demo, type LauncherRun } from './support/launcher';
import { servicePid } from './support/launcherChildren';
import { portOf } from './support/ports';

// The demo keeps syncing across restarts: the supervisor bringing back a killed emulator, then
// Ctrl-C and a second `npm start` on the same data. The emulator answers for the attached account
// both times (no `invalid_credential`), changes made after each restart arrive, and the second
// start's new attachable account is a different one.

const READY_MS = 120_000;
const BACK_MS = 30_000;
const SYNC_MS = 90_000;
const STOP_MS = 30_000;
const DEMO_CHARGES = 5000;

const workspace = launcherWorkspace('restart');

async function chargeRow(demo: Demo, id: string): Promise<{ description: string | null; total: number } | undefined> {
  const client = new Client({ connectionString: demo.destination.connection_string });
  await client.connect();
  try {
    const rows = (
      await client.query(
        `select data->>'description' as description, (select count(*) from stripe_charges)::int as total from stripe_charges where id = $1`,
        [id],
      )
    ).rows;
    return rows[0] as { description: string | null; total: number } | undefined;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return undefined;
    throw err;
  } finally {
    await client.end();
  }
}

async function emulatorPost(demo: Demo, url: string, body: unknown, expected: 200 | 201): Promise<{ id: string }> {
  const response = await fetch(`${demo.services.provider_emulator}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect({ url, status: response.status }).toEqual({ url, status: expected });
  return (await response.json()) as { id: string };
}

/** A charge changed in the emulator, then awaited in the destination with that description. */
async function expectChangeArrives(
  demo: AttachableDemo,
  chargeId: string | undefined,
  description: string,
  total: number,
): Promise<string> {
  const account = demo.attachable_account.id;
  const id = chargeId
    ? (await emulatorPost(demo, `/_emulator/accounts/${account}/charges/${chargeId}`, { description }, 200)).id
    : (await emulatorPost(demo, `/_emulator/accounts/${account}/charges`, { description }, 201)).id;
  await waitFor(
    async () => {
      const row = await chargeRow(demo, id);
      return row?.description === description && row.total === total;
    },
    { description: `charge ${id} as "${description}" and ${total} charges in the destination`, timeoutMs: SYNC_MS, intervalMs: 1000 },
  );
  return id;
}

async function stop(launcher: LauncherRun): Promise<void> {
  launcher.process.kill('SIGINT');
  const status = await Promise.race([
    launcher.exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no exit within ${STOP_MS} ms:\n${launcher.log()}`)), STOP_MS).unref()),
  ]);
  expect(status).toEqual({ code: 0, signal: null });
}

it(
  'keeps the attached demo account syncing after the emulator is killed and after a second npm start',
  async () => {
    const first = workspace.start();
    const demo = (await first.demo(READY_MS)) as AttachableDemo;
    const { client_id: clientId, client_secret: secret } = demo.client_credentials;
    const attached = await fetch(`${demo.services.accounts_api}/accounts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
      body: JSON.stringify({ sourceType: 'stripe', credential: demo.attachable_account.secret_key, identifier: 'demo_customer' }),
    });
    expect(attached.status).toBe(200);
    const created = await expectChangeArrives(demo, undefined, 'before any restart', DEMO_CHARGES + 1);

    // The supervisor restarts a killed emulator, which comes back with its accounts.
    const emulatorPort = portOf(demo.services.provider_emulator);
    const emulatorPid = servicePid(first.pid, 'provider-emulator', emulatorPort);
    expect(emulatorPid).toBeDefined();
    process.kill(emulatorPid ?? 0, 'SIGKILL');
    await waitFor(
      async () => {
        const pid = servicePid(first.pid, 'provider-emulator', emulatorPort);
        if (pid === undefined || pid === emulatorPid) return false;
        return (
          (await fetch(`${demo.services.provider_emulator}/_emulator/accounts/${demo.attachable_account.id}`).catch(() => undefined))
            ?.status === 200
        );
      },
      { description: 'the emulator back, still knowing the demo account', timeoutMs: BACK_MS, intervalMs: 200 },
    );
    await expectChangeArrives(demo, created, 'after the emulator was killed', DEMO_CHARGES + 1);
    await stop(first);

    const second = workspace.start();
    const again = (await second.demo(READY_MS)) as AttachableDemo;
    // A new attachable account each start, never the first one's id and key again.
    expect(again.attachable_account.id).not.toBe(demo.attachable_account.id);
    expect(again.attachable_account.secret_key).not.toBe(demo.attachable_account.secret_key);
    // The banner's links (also in demo.json): the demo sync's Accounts tab and the API docs answer.
    const links = (again as AttachableDemo & { links: { sync_accounts: string; api_docs: string } }).links;
    expect(links.sync_accounts).toBe(`${again.services.config_service}/dashboard/syncs/demo_sync/accounts`);
    for (const url of Object.values(links)) expect({ url, status: (await fetch(url)).status }).toEqual({ url, status: 200 });
    expect(second.log()).toContain(links.api_docs);
    const kept = { ...again, attachable_account: demo.attachable_account };
    await expectChangeArrives(kept, created, 'after a second npm start', DEMO_CHARGES + 1);
    await expectChangeArrives(kept, undefined, 'created after a second npm start', DEMO_CHARGES + 2);
    await stop(second);

    for (const launcher of [first, second])
      expect(launcher.log()).not.toMatch(/invalid_credential|exited unexpectedly \((?!signal SIGKILL)/);
  },
  2 * READY_MS + BACK_MS + 4 * SYNC_MS + 2 * STOP_MS,
);
