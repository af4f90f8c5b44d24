import request from 'supertest';
import { collectionFence, shareFences, TABLES } from '@datasync/db';
import { getTestKnex, waitFor } from '@datasync/testing';
import { collectionSchema } from '../../collections/collections.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('DELETE /api/v1/syncs/{name}/collections/{resource_type}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).delete('/api/v1/syncs/x/collections/charges').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses an invalid sync name and an overlong resource type in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller)
      .delete(`/syncs/S/collections/${'r'.repeat(64)}`)
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name may contain only lowercase letters and underscores; resource_type length must be less than or equal to 63 characters long',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters and underscores' },
        { param: 'resource_type', message: 'resource_type length must be less than or equal to 63 characters long' },
      ],
    });
  });

  it("answers once the loader's write into the table in flight has ended (the write fence)", async () => {
    const caller = await newCaller(t.app);
    // A schema of its own: the table has one owner, and the next test mounts the same resource.
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: await world.pg.newSchema() });
    const created = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    // A loader's fenced write into the table, held open.
    const write = await knex.transaction();
    await shareFences(write, [collectionFence(created.body.id as string)]);
    let answered = false;
    const unmounting = as(t.app, caller)
      .delete(`/syncs/${fixture.sync}/collections/charges`)
      .expect(200)
      .then((res) => {
        answered = true;
        return res;
      });
    await waitFor(
      async () =>
        Number(
          (
            (await knex.raw(
              `select count(*) as n from pg_locks where locktype = 'advisory' and mode = 'ExclusiveLock' and not granted`,
            )) as {
              rows: { n: string }[];
            }
          ).rows[0]?.n,
        ) > 0,
      { description: 'the unmount to wait for the write' },
    );
    expect((await knex(TABLES.collections).where({ id: created.body.id }).first()).unmounted_at).toBeInstanceOf(Date);
    expect(answered).toBe(false);
    await write.commit();
    expect((await unmounting).body).toMatchObject({ id: created.body.id, status: 'unmounted' });
  });

  it('marks the collection unmounted, keeps its table and rows, and audits it', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const created = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    await world.pg
      .knex('stripe_charges')
      .insert({ id: 'ch_1', account_id: 'acct_1', data: {}, _source_ts: new Date(), _synced_at: new Date(), _deleted: false });

    const res = await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/charges`).expect(200);
    expect(collectionSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({
      id: created.body.id,
      status: 'unmounted',
      unmounted_at: expect.any(String),
      table_name: 'stripe_charges',
    });
    expect((await knex(TABLES.collections).where({ id: created.body.id }).first()).unmounted_at).toBeInstanceOf(Date);
    expect(await world.pg.knex('stripe_charges').count({ n: '*' }).first()).toEqual({ n: '1' });
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'collection.unmounted' }).first();
    expect(audit).toMatchObject({ target: `${fixture.sync}/charges`, details: { table: 'stripe_charges' } });
  });

  it('answers 404 when the collection is not mounted, or the sync is another environment’s', async () => {
    const caller = await newCaller(t.app);
    // A schema of its own: stripe_charges of the database belongs to the previous test's sync.
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: await world.pg.newSchema() });
    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/charges`).expect(200);
    const twice = await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/charges`).expect(404);
    const notMounted = {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'resource_type',
      message: `No collection charges is mounted in the sync ${fixture.sync}.`,
    };
    expect(twice.body).toEqual(notMounted);
    expect((await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/refunds`).expect(404)).body).toEqual({
      ...notMounted,
      message: `No collection refunds is mounted in the sync ${fixture.sync}.`,
    });

    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'refunds' }).expect(201);
    const elsewhere = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .delete(`/syncs/${fixture.sync}/collections/refunds`)
      .expect(404);
    expect(elsewhere.body).toMatchObject({ code: 'resource_missing', param: 'name' });
    expect((await as(t.app, caller).get(`/syncs/${fixture.sync}/collections/refunds`).expect(200)).body.status).toBe('mounted');
  });
});
