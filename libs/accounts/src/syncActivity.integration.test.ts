import { randomBytes } from 'node:crypto';
import { TABLES, type Knex } from '@datasync/db';
import { closeTestKnex, createTestTenant, getTestKnex } from '@datasync/testing';
import { countSyncAccounts, readSyncLoadActivity } from './syncActivity.reader';

// The sync overview's numbers from rows written as config-service (sources, syncs, collections),
// libs/accounts (accounts) and the loader (runs, segments, event cursors) write them.

const knex = getTestKnex();
afterAll(closeTestKnex);

const suffix = () => randomBytes(4).toString('hex');

async function insertId(table: string, values: Record<string, unknown>): Promise<string> {
  const [row] = (await knex(table).insert(values).returning('id')) as { id: string }[];
  return row!.id;
}

/** An environment with one destination and `sources` sources, each synced into it with charges mounted. */
async function syncsIntoOneDestination(sources: number) {
  const { productionEnvironmentId: environmentId } = await createTestTenant(knex);
  const destinationId = await insertId(TABLES.destinations, {
    environment_id: environmentId,
    name: `dst_${suffix()}`,
    engine: 'postgres',
    connection_secret: 'sealed',
    connection_masked: 'postgres://u:****@h/db',
  });
  const syncs = [];
  for (let i = 0; i < sources; i += 1) {
    const sourceId = await insertId(TABLES.sources, {
      environment_id: environmentId,
      name: `src_${suffix()}`,
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'acct_app',
      livemode: false,
    });
    const id = await insertId(TABLES.syncs, {
      environment_id: environmentId,
      name: `sync_${'abcdefgh'[i]}`,
      source_id: sourceId,
      destination_id: destinationId,
    });
    const collectionId = await insertId(TABLES.collections, {
      environment_id: environmentId,
      sync_id: id,
      resource_type: 'charges',
      table_name: 'stripe_charges',
    });
    syncs.push({ id, sourceId, collectionId });
  }
  return { environmentId, destinationId, syncs };
}

async function addAccount(environmentId: string, sourceId: string, values: { active?: boolean; deleting?: boolean } = {}): Promise<string> {
  const identifier = `acct_${suffix()}`;
  return insertId(TABLES.accounts, {
    environment_id: environmentId,
    source_id: sourceId,
    source_type: 'stripe',
    identifier,
    external_id: identifier,
    credential_kind: 'connected_account',
    active: values.active ?? true,
    deleting_at: values.deleting ? knex.fn.now() : null,
  });
}

interface RunValues {
  environmentId: string;
  destinationId: string;
  accountId: string;
  sync: { id: string; collectionId: string };
  status: 'running' | 'completed';
  completedAt?: Date;
}

/** A run and its segments as the loader leaves them: rows and pages per segment, `updated_at` when the last page committed. */
async function addRun(db: Knex, run: RunValues, segments: { rows: number; pages: number; at: Date }[]): Promise<string> {
  const runId = await insertId(TABLES.runs, {
    environment_id: run.environmentId,
    account_id: run.accountId,
    sync_id: run.sync.id,
    collection_id: run.sync.collectionId,
    destination_id: run.destinationId,
    table_name: 'stripe_charges',
    resource_type: 'charges',
    status: run.status,
    lower_bound: 0,
    upper_bound: 1_000,
    planned: true,
    completed_at: run.completedAt ?? null,
  });
  for (const [n, segment] of segments.entries()) {
    await db(TABLES.segments).insert({
      run_id: runId,
      n,
      account_id: run.accountId,
      created_gte: n * 100,
      created_lt: (n + 1) * 100,
      status: segment.pages > 0 ? 'done' : 'pending',
      pages_read: segment.pages,
      rows_written: segment.rows,
      updated_at: segment.at,
    });
  }
  return runId;
}

describe('countSyncAccounts', () => {
  it("counts the source's accounts, active ones apart, leaving out those being deleted and other sources'", async () => {
    const { environmentId, syncs } = await syncsIntoOneDestination(2);
    const [mine, other] = syncs as [(typeof syncs)[0], (typeof syncs)[0]];
    expect(await countSyncAccounts(knex, mine)).toEqual({ total: 0, active: 0 });
    await addAccount(environmentId, mine.sourceId);
    await addAccount(environmentId, mine.sourceId);
    await addAccount(environmentId, mine.sourceId, { active: false });
    await addAccount(environmentId, mine.sourceId, { deleting: true });
    await addAccount(environmentId, other.sourceId);
    expect(await countSyncAccounts(knex, mine)).toEqual({ total: 3, active: 2 });
    expect(await countSyncAccounts(knex, other)).toEqual({ total: 1, active: 1 });
  });
});

describe('readSyncLoadActivity', () => {
  it('is "none yet" until the loader starts a run for the sync', async () => {
    const { environmentId, syncs } = await syncsIntoOneDestination(1);
    await addAccount(environmentId, syncs[0]!.sourceId);
    expect(await readSyncLoadActivity(knex, syncs[0]!)).toEqual({ rowsLoaded: null, lastActivityAt: null });
  });

  it('reads 0 rows once a run started without a page, with no activity yet', async () => {
    const { environmentId, destinationId, syncs } = await syncsIntoOneDestination(1);
    const sync = syncs[0]!;
    const accountId = await addAccount(environmentId, sync.sourceId);
    await addRun(knex, { environmentId, destinationId, accountId, sync, status: 'running' }, [{ rows: 0, pages: 0, at: new Date() }]);
    expect(await readSyncLoadActivity(knex, sync)).toEqual({ rowsLoaded: 0, lastActivityAt: null });
  });

  it("sums the rows of the sync's runs over its accounts, and dates the last page, completed run or poll", async () => {
    const { environmentId, destinationId, syncs } = await syncsIntoOneDestination(2);
    const [mine, other] = syncs as [(typeof syncs)[0], (typeof syncs)[0]];
    const [first, second] = [await addAccount(environmentId, mine.sourceId), await addAccount(environmentId, mine.sourceId)];
    const now = Date.now();
    const t = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);

    const completedRun = await addRun(
      knex,
      { environmentId, destinationId, accountId: first, sync: mine, status: 'completed', completedAt: t(50) },
      [
        { rows: 100, pages: 1, at: t(55) },
        { rows: 37, pages: 1, at: t(52) },
      ],
    );
    await addRun(knex, { environmentId, destinationId, accountId: second, sync: mine, status: 'running' }, [
      { rows: 20, pages: 1, at: t(40) },
      // Leased and released without a page: not activity.
      { rows: 0, pages: 0, at: t(1) },
    ]);
    // Another source's sync into the same destination table counts for that sync only.
    const stranger = await addAccount(environmentId, other.sourceId);
    await addRun(knex, { environmentId, destinationId, accountId: stranger, sync: other, status: 'completed', completedAt: t(2) }, [
      { rows: 999, pages: 3, at: t(3) },
    ]);

    expect(await readSyncLoadActivity(knex, mine)).toEqual({ rowsLoaded: 157, lastActivityAt: t(40) });

    // Incremental sync: a poll that reached the end of the stream is the latest activity.
    await knex(TABLES.eventCursors).insert({
      account_id: first,
      environment_id: environmentId,
      destination_id: destinationId,
      table_name: 'stripe_charges',
      run_id: completedRun,
      created_gte: 1_000,
      polled_at: t(5),
    });
    expect(await readSyncLoadActivity(knex, mine)).toEqual({ rowsLoaded: 157, lastActivityAt: t(5) });
    expect(await readSyncLoadActivity(knex, other)).toEqual({ rowsLoaded: 999, lastActivityAt: t(2) });
  });
});
