import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
import { closeTestKnex, freePort, getTestKnex } from '@datasync/testing';
import { destinationSchema } from '../../destinations/destinations.schemas';
import {
  createMysqlDestination,
  createPostgresDestination,
  type MysqlDestination,
  type PostgresDestination,
} from '../../testing/destinationDatabases';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller } from '../../testing/resourceApp';

const knex = getTestKnex();
const { app, logs, secretBox } = buildResourceApp(knex);
let pg: PostgresDestination;
let my: MysqlDestination;

beforeAll(async () => {
  [pg, my] = await Promise.all([createPostgresDestination(), createMysqlDestination()]);
});
afterAll(async () => {
  await Promise.all([pg?.drop(), my?.drop()]);
  await closeTestKnex();
});

function masked(connectionString: string, password: string): string {
  return connectionString.replace(`:${encodeURIComponent(password)}@`, ':•••@');
}

describe('POST /api/v1/destinations', () => {
  it('needs authentication', async () => {
    const res = await request(app)
      .post('/api/v1/destinations')
      .send({ name: 'a', engine: 'postgres', connection_string: pg.connectionString })
      .expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller).post('/destinations', { name: 'check', engine: 5, connection_string: '' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name cannot be "check", a reserved word; engine must be one of [postgres, mysql, s3]; engine must be a string; connection_string is not allowed to be empty',
      errors: [
        { param: 'name', message: 'name cannot be "check", a reserved word' },
        { param: 'engine', message: 'engine must be one of [postgres, mysql, s3]' },
        { param: 'engine', message: 'engine must be a string' },
        { param: 'connection_string', message: 'connection_string is not allowed to be empty' },
      ],
    });
  });

  it('checks, then stores a Postgres destination sealed, returns only the masked string, and audits it', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller)
      .post('/destinations', { name: 'warehouse_1', engine: 'postgres', connection_string: pg.connectionString })
      .expect(201);
    expect(destinationSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'warehouse_1',
      engine: 'postgres',
      connection_string_masked: masked(pg.connectionString, pg.password),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.connection_string_masked).toMatch(/^postgres:\/\/[^:]+:•••@/);

    const row = await knex(TABLES.destinations).where({ id: res.body.id }).first();
    expect(row).toMatchObject({
      environment_id: caller.environmentId,
      name: 'warehouse_1',
      engine: 'postgres',
      connection_masked: res.body.connection_string_masked,
    });
    expect(row.connection_secret).not.toContain(pg.password);
    expect(secretBox.open(row.connection_secret, caller.environmentId, sealedPlace('destinationConnection', row.id))).toBe(
      pg.connectionString,
    );
    // Sealed for this environment and this row: the envelope opens nowhere else.
    expect(() =>
      secretBox.open(row.connection_secret, caller.user.body.organization.id, sealedPlace('destinationConnection', row.id)),
    ).toThrow();
    expect(() => secretBox.open(row.connection_secret, caller.environmentId, sealedPlace('sourceKey', row.id))).toThrow();

    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'destination.created' }).first();
    expect(audit).toMatchObject({
      organization_id: caller.organizationId,
      target: 'warehouse_1',
      details: { engine: 'postgres', connection: res.body.connection_string_masked },
    });
    expect(audit.actor).toMatch(/^client:cli_/);
    expect(JSON.stringify(audit)).not.toContain(pg.password);
    expect(logs()).not.toContain(pg.password);
  });

  it('stores a MySQL destination', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller)
      .post('/destinations', { name: 'mariadb', engine: 'mysql', connection_string: my.connectionString })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'mariadb',
      engine: 'mysql',
      connection_string_masked: masked(my.connectionString, my.password),
    });
    expect(JSON.stringify(res.body)).not.toContain(my.password);
    expect(logs()).not.toContain(my.password);
  });

  it('refuses with the check’s code and message when the check fails, and creates nothing', async () => {
    const caller = await newCaller(app);
    const closed = await freePort();
    const res = await as(app, caller)
      .post('/destinations', {
        name: 'down',
        engine: 'postgres',
        connection_string: `postgres://postgres:secretpw77@127.0.0.1:${closed}/x?connect_timeout=2`,
      })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'refused',
      param: 'connection_string',
      message: expect.stringContaining(`127.0.0.1:${closed}`),
    });
    expect(JSON.stringify(res.body)).not.toContain('secretpw77');
    expect(await knex(TABLES.destinations).where({ environment_id: caller.environmentId })).toEqual([]);
    expect(await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'destination.created' })).toEqual([]);
  });

  it('refuses a duplicate name in the environment; another environment may use it', async () => {
    const caller = await newCaller(app);
    const body = { name: 'dup', engine: 'postgres', connection_string: pg.connectionString };
    await as(app, caller).post('/destinations', body).expect(201);
    const res = await as(app, caller).post('/destinations', body).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'name',
      message: 'A destination named dup already exists in this environment. Choose another name.',
    });
    const other = await otherEnvironmentCaller(app, caller);
    await as(app, other).post('/destinations', body).expect(201);
    expect(
      await knex(TABLES.destinations)
        .where({ name: 'dup' })
        .whereIn('environment_id', [caller.environmentId, other.environmentId])
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '2' });
  });

  it('keeps names unique under concurrent creation', async () => {
    const caller = await newCaller(app);
    const body = { name: 'raced', engine: 'postgres', connection_string: pg.connectionString };
    const statuses = (await Promise.all([1, 2, 3].map(() => as(app, caller).post('/destinations', body)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400]);
  });
});
