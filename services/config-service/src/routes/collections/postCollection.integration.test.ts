import request from 'supertest';
import { TABLES } from '@datasync/db';
import { commonColumnNames } from '@datasync/destinations';
import { getResource, resourceNames } from '@datasync/providers';
import { closeTestKnex, getTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import type { Collection } from '../../collections/collections.repository';
import { collectionSchema } from '../../collections/collections.schemas';
import {
  createMysqlDestination,
  createPostgresDestination,
  type MysqlDestination,
  type PostgresDestination,
} from '../../testing/destinationDatabases';
import { createSyncFixture } from '../../testing/fixtures';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
let emulator: TestEmulator;
let pg: PostgresDestination;
let my: MysqlDestination;
let t: ResourceTestApp;
// What the loader issue's hook would receive: here it only records, so the test can see it ran after the commit.
const mounted: { collection: Collection; committed: boolean }[] = [];

beforeAll(async () => {
  [emulator, pg, my] = await Promise.all([startEmulator(), createPostgresDestination(), createMysqlDestination()]);
  t = buildResourceApp(knex, {
    providerBaseUrl: emulator.baseUrl,
    collectionHooks: {
      collectionMounted: async (collection) => {
        mounted.push({ collection, committed: (await knex(TABLES.collections).where({ id: collection.id }).first()) !== undefined });
      },
    },
  });
});
afterAll(async () => {
  await Promise.all([emulator?.stop(), pg?.drop(), my?.drop()]);
  await closeTestKnex();
});

const charges = getResource('stripe', 'charges');
const catalogColumns = [...commonColumnNames, ...charges.columns.map((c) => c.name)].sort();

describe('POST /api/v1/syncs/{name}/collections', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).post('/api/v1/syncs/x/collections').send({ resource_type: 'charges' }).expect(401)).body).toEqual(
      UNAUTHENTICATED,
    );
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).post('/syncs/Bad1/collections', { resource_type: 'widgets', table: 'x' }).expect(400);
    const valid = `[${[...resourceNames('stripe')].sort().join(', ')}]`;
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message: `name may contain only lowercase letters and underscores; resource_type must be one of ${valid}; table is not allowed`,
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters and underscores' },
        { param: 'resource_type', message: `resource_type must be one of ${valid}` },
        { param: 'table', message: 'table is not allowed' },
      ],
    });
  });

  it('creates <provider>_<resource> in a Postgres destination with the catalog columns, then records and audits the collection', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: pg.connectionString });
    const res = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    expect(collectionSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({
      resource_type: 'charges',
      label: 'Charges',
      table_name: 'stripe_charges',
      status: 'mounted',
      unmounted_at: null,
      sync: fixture.sync,
      destination: { name: fixture.destination, engine: 'postgres' },
      primary_key: ['account_id', 'id'],
    });
    expect(res.body.columns).toEqual(
      expect.arrayContaining([
        { name: 'amount', type: 'bigint', nullable: true },
        { name: 'data', type: 'jsonb', nullable: false },
      ]),
    );
    expect(res.body.columns.map((c: { name: string }) => c.name).sort()).toEqual(catalogColumns);

    const columns = await pg
      .knex('information_schema.columns')
      .where({ table_schema: 'public', table_name: 'stripe_charges' })
      .pluck('column_name');
    expect(columns.sort()).toEqual(catalogColumns);
    const row = await knex(TABLES.collections).where({ id: res.body.id }).first();
    expect(row).toMatchObject({
      environment_id: caller.environmentId,
      resource_type: 'charges',
      table_name: 'stripe_charges',
      unmounted_at: null,
    });
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'collection.mounted' }).first();
    expect(audit).toMatchObject({
      target: `${fixture.sync}/charges`,
      details: { table: 'stripe_charges', destination: fixture.destination },
    });
    expect(mounted.find((m) => m.collection.id === res.body.id)).toEqual({
      collection: expect.objectContaining({ resourceType: 'charges' }),
      committed: true,
    });
  });

  it('creates the table in a MySQL destination', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: my.connectionString, engine: 'mysql' });
    const res = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    expect(res.body.destination).toEqual({ name: fixture.destination, engine: 'mysql' });
    expect(res.body.columns).toEqual(expect.arrayContaining([{ name: 'currency', type: 'varchar(255)', nullable: true }]));
    const columns = await my.query<{ name: string }>(
      'select column_name as name from information_schema.columns where table_schema = ? and table_name = ?',
      [my.database, 'stripe_charges'],
    );
    expect(columns.map((c) => c.name).sort()).toEqual(catalogColumns);
    expect(t.logs()).not.toContain(my.password);
  });

  it('refuses to mount a mounted collection, and mounts an unmounted one again under the same id', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: pg.connectionString });
    const first = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'refunds' }).expect(201);
    const again = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'refunds' }).expect(400);
    expect(again.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'resource_type',
      message: `The collection refunds is already mounted in the sync ${fixture.sync}.`,
    });
    await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/refunds`).expect(200);
    const remounted = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'refunds' }).expect(201);
    expect(remounted.body).toMatchObject({ id: first.body.id, status: 'mounted', unmounted_at: null });
    expect(
      await knex(TABLES.collections).where({
        sync_id: (await knex(TABLES.syncs).where({ environment_id: caller.environmentId, name: fixture.sync }).first('id')).id,
      }),
    ).toHaveLength(1);
  });

  it('answers 400 with the destination’s message when the table cannot be created, and records nothing', async () => {
    const caller = await newCaller(t.app);
    const locked = await createMysqlDestination();
    try {
      const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: locked.connectionString, engine: 'mysql' });
      // After the check passed, the database administrator takes CREATE away.
      await locked.query(`REVOKE CREATE ON \`${locked.database}\`.* FROM ?@'%'`, [locked.user]);
      const before = mounted.length;
      const res = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'customers' }).expect(400);
      expect(res.body).toEqual({
        type: 'invalid_request_error',
        code: 'privilege',
        message: expect.stringMatching(
          new RegExp(`^Could not create the table stripe_customers in the destination ${fixture.destination}: .*stripe_customers`),
        ),
      });
      expect(JSON.stringify(res.body)).not.toContain(locked.password);
      expect(await knex(TABLES.collections).where({ environment_id: caller.environmentId })).toEqual([]);
      expect(await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'collection.mounted' })).toEqual([]);
      expect(mounted.length).toBe(before);
      expect(t.logs()).not.toContain(locked.password);
    } finally {
      await locked.drop();
    }
  });

  it("answers 404 for an unknown sync and for another environment's", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: pg.connectionString });
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' })
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
    await as(t.app, caller).post('/syncs/nothing_here/collections', { resource_type: 'charges' }).expect(404);
    expect(await knex(TABLES.collections).where({ environment_id: caller.environmentId })).toEqual([]);
  });
});
