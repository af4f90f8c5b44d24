import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import type { Workers } from '@datasync/queue';
import type { LoaderQueue } from '../jobs/handlers';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';
import { attachAccount } from './attachAccount';

let h: LoaderHarness;
let workers: Workers<LoaderQueue>;

beforeAll(async () => {
  h = await startHarness(
    process.env.LOADER_TEST_LOG
      ? { logger: require('@datasync/logger').createLogger({ service: 'test', level: 'info', format: 'json' }) }
      : {},
  );
  workers = h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

async function destinationRows(identifier: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = (await h.destination.knex('stripe_charges').where({ account_id: identifier }).select('id', 'data')) as {
    id: string;
    data: Record<string, unknown>;
  }[];
  return new Map(rows.map((r) => [r.id, r.data]));
}

async function state(accountId: string) {
  return (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first()) as
    | { status: string; reason: string | null; rows_loaded: string; progress: Record<string, { status: string; segments_total: number }> }
    | undefined;
}

describe('account.attach and segment.load', () => {
  it('backfills an account exactly: every object once, with its data, and the account ends live', async () => {
    const account = await h.addAccount({ charges: 2_345 });
    await h.deps.producer.enqueue('account.attach', { accountId: account.id });

    const live = await waitFor(async () => ((await state(account.id))?.status === 'live' ? state(account.id) : undefined), {
      description: 'the account to be live',
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    const provider = await providerObjects(h.emulator.baseUrl, account.key);
    const loaded = await destinationRows(account.identifier);
    expect(provider.size).toBe(2_345);
    expect([...loaded.keys()].sort()).toEqual([...provider.keys()].sort());
    for (const [id, object] of provider) expect(loaded.get(id)).toEqual(object);
    expect(Number(live.rows_loaded)).toBe(2_345);

    const runs = await h.knex(TABLES.runs).where({ account_id: account.id });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', planned: true, table_name: 'stripe_charges' });
    const segments = await h.knex(TABLES.segments).where({ run_id: runs[0].id });
    // Split after the newest page: 24 pages at 5 per segment, capped at 8 segments.
    expect(segments.length).toBeGreaterThan(1);
    expect(segments.every((s: { status: string }) => s.status === 'done')).toBe(true);
    expect(segments.reduce((sum: number, s: { rows_written: string }) => sum + Number(s.rows_written), 0)).toBe(2_345);
    const progress = Object.values(live.progress);
    expect(progress).toEqual([expect.objectContaining({ status: 'completed', table: 'stripe_charges', rows_written: 2_345 })]);
  });

  it('loads an account of one page within its attach job: run completed, account live, poll scheduled, no segment job', async () => {
    const account = await h.addAccount({ charges: 3 });
    const result = await attachAccount(h.deps, account.id, h.deps.logger);
    expect(result).toEqual({ kind: 'attached', runs: 1 });

    // Everything is settled when the attach returns: no segment job, no later step.
    expect((await destinationRows(account.identifier)).size).toBe(3);
    const [run] = await h.knex(TABLES.runs).where({ account_id: account.id });
    expect(run).toMatchObject({ status: 'completed', planned: true });
    const segments = await h.knex(TABLES.segments).where({ run_id: run.id });
    expect(segments).toEqual([expect.objectContaining({ n: 0, status: 'done', rows_written: '3' })]);
    expect(await h.deps.queues.state('segment.load', { runId: run.id, n: 0 })).toBe('unknown');
    expect(await h.deps.queues.hasScheduler('account.poll', { accountId: account.id })).toBe(true);
    const settled = await state(account.id);
    expect(settled).toMatchObject({ status: 'live', rows_loaded: '3' });
    expect(Object.values(settled?.progress ?? {})).toEqual([expect.objectContaining({ status: 'completed', rows_written: 3 })]);

    // Attaching again (a retried job) changes nothing.
    expect(await attachAccount(h.deps, account.id, h.deps.logger)).toEqual({ kind: 'attached', runs: 1 });
    expect(await h.knex(TABLES.runs).where({ account_id: account.id })).toHaveLength(1);
    expect((await state(account.id))?.status).toBe('live');
  });

  it('shows an account whose source has no sync as idle, and starts nothing', async () => {
    const other = await h.emulator.createAccount({ objects: { charges: 10 } });
    const [source] = await h
      .knex(TABLES.sources)
      .insert({
        environment_id: h.environmentId,
        name: `lonely_${Date.now()}`,
        provider: 'stripe',
        credential_secret: h.secretBox.seal(other.secret_key, h.environmentId),
        provider_account_id: other.id,
        livemode: false,
      })
      .returning('id');
    const [account] = await h
      .knex(TABLES.accounts)
      .insert({
        environment_id: h.environmentId,
        source_id: source.id,
        source_type: 'stripe',
        identifier: `lonely-${Date.now()}`,
        external_id: other.id,
        credential_kind: 'secret_key',
        credential_secret: h.secretBox.seal(other.secret_key, h.environmentId),
      })
      .returning('id');
    await h.deps.producer.enqueue('account.attach', { accountId: account.id });
    await waitFor(async () => (await state(account.id))?.status === 'idle', { description: 'the account to be idle', timeoutMs: 15_000 });
    expect(await h.knex(TABLES.runs).where({ account_id: account.id })).toEqual([]);
  });

  it('stops at the next page when the collection is unmounted, and finishes exactly once it is mounted again', async () => {
    const account = await h.addAccount({ charges: 6_000 });
    await h.deps.producer.enqueue('account.attach', { accountId: account.id });
    await waitFor(async () => Number((await state(account.id))?.rows_loaded ?? 0) >= 500, { description: 'some rows', timeoutMs: 30_000 });
    const collectionId = h.target.collectionIds.charges as string;
    await h.knex(TABLES.collections).where({ id: collectionId }).update({ unmounted_at: h.knex.fn.now() });
    // Every segment gives its lease back at a page boundary and waits, pending; one dispatched but
    // not yet taken by a job (queued, no lease) stops as soon as its job starts.
    await waitFor(
      async () => {
        const busy = await h
          .knex(TABLES.segments)
          .where({ account_id: account.id })
          .where((q) => q.whereNotNull('lease_token').orWhereNotIn('status', ['pending', 'done']))
          .count({ n: '*' });
        return Number(busy[0]?.n) === 0;
      },
      { description: 'segments to stop', timeoutMs: 30_000 },
    );
    const stopped = (await destinationRows(account.identifier)).size;
    expect(stopped).toBeLessThan(6_000);
    const unfinished = await h.knex(TABLES.segments).where({ account_id: account.id }).whereNot('status', 'done');
    expect(unfinished.length).toBeGreaterThan(0);
    expect(unfinished.every((s: { status: string }) => s.status === 'pending')).toBe(true);

    await h.knex(TABLES.collections).where({ id: collectionId }).update({ unmounted_at: null });
    await h.deps.producer.enqueue('collection.mounted', { collectionId });
    await waitFor(async () => (await state(account.id))?.status === 'live', { description: 'the account to be live', timeoutMs: 60_000 });
    const provider = await providerObjects(h.emulator.baseUrl, account.key);
    const loaded = await destinationRows(account.identifier);
    expect([...loaded.keys()].sort()).toEqual([...provider.keys()].sort());
    expect(await h.knex(TABLES.runs).where({ account_id: account.id })).toHaveLength(1);
  });
});

afterAll(() => workers?.close());
