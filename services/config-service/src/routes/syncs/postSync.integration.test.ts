import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex } from '@datasync/testing';
import { syncSchema } from '../../syncs/syncs.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import {
  UNAUTHENTICATED,
  as,
  buildResourceApp,
  newCaller,
  otherEnvironmentCaller,
  type ApiCaller,
  type ResourceTestApp,
} from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

async function sourceAndDestination(caller: ApiCaller, source: string, destination: string): Promise<void> {
  const account = await world.emulator.createAccount();
  await as(t.app, caller).post('/sources', { name: source, provider: 'stripe', private_key: account.secret_key }).expect(201);
  await as(t.app, caller)
    .post('/destinations', { name: destination, engine: 'postgres', connection_string: world.pg.connectionString })
    .expect(201);
}

describe('POST /api/v1/syncs', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).post('/api/v1/syncs').send({ name: 'a', source: 'b', destination: 'c' }).expect(401)).body).toEqual(
      UNAUTHENTICATED,
    );
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).post('/syncs', { name: 'sync_2', destination: 7, paused: true }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name may contain only lowercase letters and underscores; source is required; destination must be a string; paused is not allowed',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters and underscores' },
        { param: 'source', message: 'source is required' },
        { param: 'destination', message: 'destination must be a string' },
        { param: 'paused', message: 'paused is not allowed' },
      ],
    });
  });

  it('connects a source to a destination by name, and audits it', async () => {
    const caller = await newCaller(t.app);
    await sourceAndDestination(caller, 'stripe_live', 'warehouse');
    const res = await as(t.app, caller)
      .post('/syncs', { name: 'payments_sync', source: 'stripe_live', destination: 'warehouse' })
      .expect(201);
    expect(syncSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'payments_sync',
      source: { name: 'stripe_live', provider: 'stripe' },
      destination: { name: 'warehouse', engine: 'postgres' },
      created_at: expect.any(String),
    });
    const row = await knex(TABLES.syncs).where({ id: res.body.id }).first();
    const source = await knex(TABLES.sources).where({ environment_id: caller.environmentId, name: 'stripe_live' }).first('id');
    const destination = await knex(TABLES.destinations).where({ environment_id: caller.environmentId, name: 'warehouse' }).first('id');
    expect(row).toMatchObject({
      environment_id: caller.environmentId,
      name: 'payments_sync',
      source_id: source.id,
      destination_id: destination.id,
    });
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'sync.created' }).first();
    expect(audit).toMatchObject({ target: 'payments_sync', details: { source: 'stripe_live', destination: 'warehouse' } });
  });

  it('answers 400 naming every unknown reference, including ones that exist only in another environment', async () => {
    const caller = await newCaller(t.app);
    const other = await otherEnvironmentCaller(t.app, caller);
    await sourceAndDestination(other, 'their_source', 'their_destination');
    const res = await as(t.app, caller).post('/syncs', { name: 'x', source: 'their_source', destination: 'their_destination' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'source',
      message:
        'No source named their_source in this environment. No destination named their_destination in this environment. Create it first, or check the name.',
      errors: [
        { param: 'source', message: 'No source named their_source in this environment.' },
        { param: 'destination', message: 'No destination named their_destination in this environment.' },
      ],
    });
    expect(await knex(TABLES.syncs).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it('refuses a duplicate name, and a second sync for the same source and destination', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const sameName = await as(t.app, caller)
      .post('/syncs', { name: fixture.sync, source: fixture.source, destination: fixture.destination })
      .expect(400);
    expect(sameName.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'name',
      message: `A sync named ${fixture.sync} already exists in this environment. Choose another name.`,
    });
    const samePair = await as(t.app, caller)
      .post('/syncs', { name: 'second', source: fixture.source, destination: fixture.destination })
      .expect(400);
    expect(samePair.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'destination',
      message:
        `The sync ${fixture.sync} already connects the source ${fixture.source} to the destination ${fixture.destination}; ` +
        'a source reaches a destination through one sync only. Mount more collections in that sync instead.',
    });
    // The same source into another destination is another writer, so it is allowed.
    await as(t.app, caller)
      .post('/destinations', { name: 'second_db', engine: 'postgres', connection_string: world.pg.connectionString })
      .expect(201);
    await as(t.app, caller).post('/syncs', { name: 'second', source: fixture.source, destination: 'second_db' }).expect(201);
  });

  it('keeps one sync per source and destination under concurrent creation', async () => {
    const caller = await newCaller(t.app);
    await sourceAndDestination(caller, 'src', 'dst');
    const names = ['race_a', 'race_b', 'race_c'];
    const statuses = (
      await Promise.all(names.map((name) => as(t.app, caller).post('/syncs', { name, source: 'src', destination: 'dst' })))
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 400, 400]);
    expect(await knex(TABLES.syncs).where({ environment_id: caller.environmentId }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });
});
