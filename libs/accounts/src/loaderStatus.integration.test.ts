import { randomBytes } from 'node:crypto';
import { TABLES } from '@datasync/db';
import { closeTestKnex, createTestTenant, getTestKnex } from '@datasync/testing';
import { findAccountView, listAccountViews } from './accountViews.reader';
import { whereStatus } from './status';

// The account status as the loader's account_states rows make it (the loader writes them; here
// the rows are written as it would).

const knex = getTestKnex();
afterAll(closeTestKnex);

async function accountsWithStates(states: (string | null)[]) {
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const [source] = await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: `src_${randomBytes(4).toString('hex')}`,
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'acct_app',
      livemode: false,
    })
    .returning('id');
  const ids: string[] = [];
  for (const [i, status] of states.entries()) {
    const [account] = await knex(TABLES.accounts)
      .insert({
        environment_id: environmentId,
        source_id: source.id,
        source_type: 'stripe',
        identifier: `acct_${i}`,
        external_id: `acct_${i}`,
        credential_kind: 'connected_account',
      })
      .returning('id');
    ids.push(account.id);
    if (status) {
      await knex(TABLES.accountStates).insert({
        account_id: account.id,
        environment_id: environmentId,
        status,
        reason: status === 'error' ? 'Could not write into the destination d: refused' : null,
        progress: {
          c1: { table: 'stripe_charges', resource_type: 'charges', status: 'running', rows_written: 1200 },
          c2: {
            table: 'stripe_customers',
            resource_type: 'customers',
            status: 'completed',
            rows_written: 7,
            warnings: [{ code: 'test_clocks_unreadable', message: 'objects attached to test clocks were not loaded' }],
          },
        },
      });
    }
  }
  return { environmentId, ids };
}

it('reads status, reason and per-collection progress with the account; no row or a pending row reads as pending', async () => {
  const { environmentId } = await accountsWithStates([null, 'pending', 'loading', 'error']);
  const views = await listAccountViews(knex, { environmentId, limit: 10 });
  expect(views.map((v) => [v.identifier, v.status])).toEqual([
    ['acct_0', 'pending'],
    ['acct_1', 'pending'],
    ['acct_2', 'loading'],
    ['acct_3', 'error'],
  ]);
  expect(views[0]).toMatchObject({ statusReason: null, lastSyncedAt: null, collections: [] });
  expect(views[1]).toMatchObject({ statusReason: null, lastSyncedAt: null, collections: [] });
  expect(views[2]).toMatchObject({
    statusReason: null,
    lastSyncedAt: null,
    collections: [
      { resource: 'charges', table: 'stripe_charges', status: 'loading', rowsLoaded: 1200, warnings: [] },
      {
        resource: 'customers',
        table: 'stripe_customers',
        status: 'live',
        rowsLoaded: 7,
        warnings: [{ code: 'test_clocks_unreadable', message: 'objects attached to test clocks were not loaded' }],
      },
    ],
  });
  expect(views[3]).toMatchObject({ statusReason: 'Could not write into the destination d: refused' });
  // One account reads exactly as it does in a page.
  expect(await findAccountView(knex, { environmentId, sourceType: 'stripe', identifier: 'acct_3' })).toEqual(views[3]);
  expect(await findAccountView(knex, { environmentId, sourceType: 'stripe', identifier: 'acct_9' })).toBeUndefined();
});

it('filters by the same status in SQL', async () => {
  const { environmentId, ids } = await accountsWithStates([null, 'pending', 'loading', 'error', 'live']);
  const matching = async (status: 'pending' | 'loading' | 'error' | 'live' | 'idle') =>
    (await whereStatus(knex(`${TABLES.accounts} as a`).where('a.environment_id', environmentId), status)
      .orderBy('a.identifier')
      .pluck('a.id')) as string[];
  expect(await matching('pending')).toEqual([ids[0], ids[1]]);
  expect(await matching('loading')).toEqual([ids[2]]);
  expect(await matching('error')).toEqual([ids[3]]);
  expect(await matching('live')).toEqual([ids[4]]);
  expect(await matching('idle')).toEqual([]);
});
