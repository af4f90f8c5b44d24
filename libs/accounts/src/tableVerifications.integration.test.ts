import { randomBytes } from 'node:crypto';
import { TABLES } from '@datasync/db';
import { closeTestKnex, createTestTenant, getTestKnex } from '@datasync/testing';
import { findAccountView, listAccountViews } from './accountViews.reader';

// Each collection of the account view carries its table's last verification, as the loader
// records it in table_verifications (written here as it would).

const knex = getTestKnex();
afterAll(closeTestKnex);

async function insertDestination(environmentId: string, name: string): Promise<string> {
  const [row] = await knex(TABLES.destinations)
    .insert({ environment_id: environmentId, name, engine: 'postgres', connection_secret: 'sealed', connection_masked: 'postgres://…' })
    .returning('id');
  return row.id as string;
}

it('shows per collection when its table was last verified, through which created time, and the drift found and repaired', async () => {
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
  const [account] = await knex(TABLES.accounts)
    .insert({
      environment_id: environmentId,
      source_id: source.id,
      source_type: 'stripe',
      identifier: 'acct_v',
      external_id: 'acct_v',
      credential_kind: 'connected_account',
    })
    .returning('id');
  await knex(TABLES.accountStates).insert({
    account_id: account.id,
    environment_id: environmentId,
    status: 'live',
    progress: {
      c1: { table: 'stripe_charges', resource_type: 'charges', status: 'completed', rows_written: 10 },
      c2: { table: 'stripe_customers', resource_type: 'customers', status: 'completed', rows_written: 3 },
    },
  });
  const first = await insertDestination(environmentId, 'first');
  const second = await insertDestination(environmentId, 'second');
  const row = (destinationId: string, verifiedAt: string, found: number) => ({
    account_id: account.id,
    environment_id: environmentId,
    destination_id: destinationId,
    table_name: 'stripe_charges',
    verified_at: new Date(verifiedAt),
    verified_scope: 'full',
    verified_through: Date.parse('2026-11-26T08:00:00Z') / 1000,
    drift_found: found,
    drift_repaired: found,
  });
  // Two copies of the table: the older check is the one that holds for both.
  await knex(TABLES.tableVerifications).insert([row(first, '2026-11-26T09:00:00Z', 4), row(second, '2026-11-26T07:00:00Z', 1)]);
  // A check still in progress has no verified_at yet and is not shown.
  await knex(TABLES.tableVerifications).insert({
    account_id: account.id,
    environment_id: environmentId,
    destination_id: first,
    table_name: 'stripe_customers',
    current_scope: 'full',
    current_through: 1,
    current_parts: JSON.stringify([{ gte: 0, lt: 1 }]),
    current_started_at: new Date(),
  });

  const view = await findAccountView(knex, { environmentId, sourceType: 'stripe', identifier: 'acct_v' });
  expect(view?.collections).toEqual([
    {
      resource: 'charges',
      table: 'stripe_charges',
      status: 'live',
      rowsLoaded: 10,
      warnings: [],
      verifiedAt: new Date('2026-11-26T07:00:00Z'),
      verifiedThrough: new Date('2026-11-26T08:00:00Z'),
      driftFound: 1,
      driftRepaired: 1,
    },
    {
      resource: 'customers',
      table: 'stripe_customers',
      status: 'live',
      rowsLoaded: 3,
      warnings: [],
      verifiedAt: null,
      verifiedThrough: null,
      driftFound: null,
      driftRepaired: null,
    },
  ]);
  expect((await listAccountViews(knex, { environmentId, limit: 5 }))[0]).toEqual(view);
});
