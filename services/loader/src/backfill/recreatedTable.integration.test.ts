import { randomBytes, randomUUID } from 'node:crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { connect, parseConnectionString, type SqlHandle } from '@datasync/destinations';
import { silentLogger } from '@datasync/logger';
import { testMysqlUrl, waitFor } from '@datasync/testing';
import { generateSigningSecret } from '@datasync/webhooks';
import { reconcile } from '../reconcile/reconcile.service';
import { startHarness, type LoaderHarness } from '../testing/harness';

// A destination table dropped, or a column of it dropped, behind the loader's back after its
// accounts were loaded. The next write fails (the account shows `error`) and the loader's attach
// creates the table (or the column) again. Before, that retry left it empty (or the column NULL)
// and cleared the error: the rows came back only at the weekly full verification, the column's
// values never. Now every account loaded into it resyncs, and its status says why.

type Engine = 'postgres' | 'mysql';

interface Destination {
  handle: SqlHandle;
  /** The table as the loader left it: every column but the loader's own clocks, by (account, id). */
  snapshot(table: string): Promise<Map<string, Record<string, unknown>>>;
  close(): Promise<void>;
}

const open = (engine: Engine, url: string) =>
  connect(parseConnectionString(engine, url), { allowPrivateNetworks: true }) as Promise<SqlHandle>;

async function destinationFor(engine: Engine, h: LoaderHarness): Promise<Destination> {
  let url = h.destination.connectionString;
  let cleanup = async () => undefined as void;
  if (engine === 'mysql') {
    const database = `recreate_${randomBytes(4).toString('hex')}`;
    const admin = await open('mysql', testMysqlUrl());
    await admin.query(`CREATE DATABASE \`${database}\``);
    const mysqlUrl = new URL(testMysqlUrl());
    mysqlUrl.pathname = `/${database}`;
    url = mysqlUrl.toString();
    // The harness's destination, pointed at MariaDB before any account loads into it.
    await h
      .knex(TABLES.destinations)
      .where({ id: h.target.destinationId })
      .update({ engine: 'mysql', connection_secret: h.secretBox.seal(url, h.environmentId) });
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.close();
    };
  }
  const handle = await open(engine, url);
  return {
    handle,
    async snapshot(table) {
      const { rows } = await handle.query(`SELECT * FROM ${engine === 'mysql' ? `\`${table}\`` : `"${table}"`}`, []);
      const byKey = new Map<string, Record<string, unknown>>();
      for (const row of rows) {
        const { _synced_at: _synced, _source_ts: _source, ...content } = row as Record<string, unknown>;
        // MariaDB hands JSON back as text: compared as objects, so the writer's key order does not matter.
        if (typeof content.data === 'string') content.data = JSON.parse(content.data);
        byKey.set(`${String(content.account_id)}/${String(content.id)}`, content);
      }
      return byKey;
    },
    async close() {
      await handle.close();
      await cleanup();
    },
  };
}

describe.each<Engine>(['postgres', 'mysql'])('a table or column re-created in %s', (engine) => {
  let h: LoaderHarness;
  let dest: Destination;
  const quote = (name: string) => (engine === 'mysql' ? `\`${name}\`` : `"${name}"`);

  beforeAll(async () => {
    h = await startHarness();
    dest = await destinationFor(engine, h);
    // An endpoint that wants the event, so the loader stores it (an event no endpoint wants is not
    // kept). Nothing delivers here: the webhooks queue has no worker in this test.
    const endpointId = randomUUID();
    await h.knex(TABLES.webhookEndpoints).insert({
      id: endpointId,
      environment_id: h.environmentId,
      url: 'https://integrator.example/hooks',
      enabled_events: ['account.table_recreated'],
      signing_secret: h.secretBox.seal(generateSigningSecret(), h.environmentId, sealedPlace('webhookSigningSecret', endpointId)),
    });
    h.startWorkers(['lifecycle', 'backfill', 'incremental', 'maintenance']);
  });

  afterAll(async () => {
    await h?.stop();
    await dest?.close();
  });

  const state = async (accountId: string) =>
    (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status', 'progress')) as
      { status: string; progress: Record<string, { warnings?: Array<{ code: string }> }> } | undefined;
  const warningCodes = async (accountId: string) =>
    Object.values((await state(accountId))?.progress ?? {}).flatMap((item) => (item.warnings ?? []).map((w) => w.code));
  /** The `account.table_recreated` events the integrator hears for the account: their data without its account. */
  const recreatedEvents = async (accountId: string) =>
    (
      (await h.knex(TABLES.webhookEvents).where({ account_id: accountId, type: 'account.table_recreated' }).select('payload')) as {
        payload: { data: Record<string, unknown> };
      }[]
    ).map(({ payload: { data } }) => ({ ...data, account: undefined, message: typeof data.message }));

  async function loadedAccounts(): Promise<Array<Awaited<ReturnType<LoaderHarness['addAccount']>>>> {
    const accounts = [await h.addAccount({ charges: 150 }), await h.addAccount({ charges: 40 })];
    for (const account of accounts) await h.deps.producer.enqueue('account.attach', { accountId: account.id });
    for (const account of accounts) {
      await waitFor(async () => (await state(account.id))?.status === 'live', { description: 'the account to be live', timeoutMs: 60_000 });
    }
    return accounts;
  }

  /** Breaks the table, makes the next poll of `first` write into it, and lets the loader recover. */
  async function breakAndRecover(accounts: Array<{ id: string; externalId: string }>, breakTable: () => Promise<void>): Promise<void> {
    const [first] = accounts as [{ id: string; externalId: string }];
    await breakTable();
    // The next poll of `first` writes this charge, and fails: the loader takes it from there.
    await h.emulator.admin('POST', `/accounts/${first.externalId}/charges`, { description: 'made after the table broke' });
    // The reconciler's passes too, as a running fleet has them; every account loaded into the table then resyncs.
    await waitFor(
      async () => {
        await reconcile(h.deps, silentLogger(), { graceMs: 0 });
        const done = await h
          .knex(TABLES.runs)
          .whereIn(
            'account_id',
            accounts.map((a) => a.id),
          )
          .where({ kind: 'resync', status: 'completed' });
        return done.length === accounts.length;
      },
      { description: 'every account of the table to resync', timeoutMs: 90_000, intervalMs: 500 },
    );
    for (const account of accounts) {
      await waitFor(async () => (await state(account.id))?.status === 'live', {
        description: 'the account to be live again',
        timeoutMs: 30_000,
      });
    }
  }

  it('resyncs every account of a dropped table: its rows come back exactly, and the status says why', async () => {
    const accounts = await loadedAccounts();
    const before = await dest.snapshot('stripe_charges');
    await breakAndRecover(accounts, () => dest.handle.query(`DROP TABLE ${quote('stripe_charges')}`, []).then(() => undefined));
    const after = await dest.snapshot('stripe_charges');
    // The charge made after the drop is there too, by the poll that follows the resync.
    for (const [key, row] of before) expect(after.get(key)).toEqual(row);
    expect(after.size).toBe(before.size + 1);
    for (const account of accounts) {
      expect(await warningCodes(account.id)).toEqual(['table_recreated']);
      expect(await recreatedEvents(account.id)).toEqual([
        { account: undefined, table: 'stripe_charges', code: 'table_recreated', message: 'string', added_columns: [] },
      ]);
    }
  });

  it('resyncs every account of a table that lost a typed column: its values come back', async () => {
    const accounts = await loadedAccounts();
    const mine = new Set(accounts.map((a) => a.identifier));
    const ours = (rows: Map<string, Record<string, unknown>>) => new Map([...rows].filter(([, row]) => mine.has(String(row.account_id))));
    const before = ours(await dest.snapshot('stripe_charges'));
    expect([...before.values()].some((row) => row.amount !== null)).toBe(true);
    await breakAndRecover(accounts, () =>
      dest.handle.query(`ALTER TABLE ${quote('stripe_charges')} DROP COLUMN ${quote('amount')}`, []).then(() => undefined),
    );
    const after = ours(await dest.snapshot('stripe_charges'));
    for (const [key, row] of before) expect(after.get(key)).toEqual(row);
    for (const account of accounts) {
      expect(await warningCodes(account.id)).toEqual(['columns_recreated']);
      expect(await recreatedEvents(account.id)).toEqual([
        { account: undefined, table: 'stripe_charges', code: 'columns_recreated', message: 'string', added_columns: ['amount'] },
      ]);
    }
  });
});
