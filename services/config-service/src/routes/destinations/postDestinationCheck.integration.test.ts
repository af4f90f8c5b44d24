import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, freePort, getTestKnex } from '@datasync/testing';
import {
  createMysqlDestination,
  createPostgresDestination,
  type MysqlDestination,
  type PostgresDestination,
} from '../../testing/destinationDatabases';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller } from '../../testing/resourceApp';

const knex = getTestKnex();
const { app, logs } = buildResourceApp(knex);
let pg: PostgresDestination;
let my: MysqlDestination;

beforeAll(async () => {
  [pg, my] = await Promise.all([createPostgresDestination(), createMysqlDestination()]);
});
afterAll(async () => {
  await Promise.all([pg?.drop(), my?.drop()]);
  await closeTestKnex();
});

describe('POST /api/v1/destinations/check', () => {
  it('needs authentication', async () => {
    const res = await request(app)
      .post('/api/v1/destinations/check')
      .send({ name: 'a', engine: 'postgres', connection_string: pg.connectionString })
      .expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller).post('/destinations/check', { name: 'Bad Name', engine: 'oracle', extra: 1 }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name may contain only lowercase letters, digits and underscores; engine must be one of [postgres, mysql, s3]; ' +
        'connection_string is required; extra is not allowed',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters, digits and underscores' },
        { param: 'engine', message: 'engine must be one of [postgres, mysql, s3]' },
        { param: 'connection_string', message: 'connection_string is required' },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
  });

  it('answers 400 for a connection string it cannot parse, naming the field and never echoing the password', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller)
      .post('/destinations/check', {
        name: 'warehouse',
        engine: 'postgres',
        connection_string: 'postgres://u:topsecret@db.example.com:5432/db?host=10.0.0.1',
      })
      .expect(400);
    const message = 'The connection string parameter "host" is not accepted; accepted parameters: sslmode, schema, connect_timeout.';
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'connection_string_invalid',
      param: 'connection_string',
      message,
      errors: [{ param: 'connection_string', message }],
    });
    expect(JSON.stringify(res.body)).not.toContain('topsecret');
    expect(logs()).not.toContain('topsecret');
  });

  it('reports ok for a reachable, writable Postgres and MySQL database and creates nothing', async () => {
    const caller = await newCaller(app);
    const api = as(app, caller);
    expect(
      (await api.post('/destinations/check', { name: 'pg', engine: 'postgres', connection_string: pg.connectionString }).expect(200)).body,
    ).toEqual({ ok: true });
    expect(
      (await api.post('/destinations/check', { name: 'my', engine: 'mysql', connection_string: my.connectionString }).expect(200)).body,
    ).toEqual({ ok: true });
    expect(await knex(TABLES.destinations).where({ environment_id: caller.environmentId })).toEqual([]);
    // The scratch table of the check is gone.
    expect(await pg.knex('information_schema.tables').where({ table_schema: 'public' }).pluck('table_name')).toEqual([]);
    expect(await my.query('select table_name from information_schema.tables where table_schema = ?', [my.database])).toEqual([]);
    expect(logs()).toContain('destination check finished');
    expect(logs()).not.toContain(pg.password);
    expect(logs()).not.toContain(my.password);
  });

  it('answers 200 with ok false, a code and a message for a check that ran and failed', async () => {
    const caller = await newCaller(app);
    const closed = await freePort();
    const res = await as(app, caller)
      .post('/destinations/check', {
        name: 'pg',
        engine: 'postgres',
        connection_string: `postgres://postgres:hunter2pw@127.0.0.1:${closed}/nothing?connect_timeout=2`,
      })
      .expect(200);
    expect(res.body).toEqual({ ok: false, code: 'refused', message: expect.stringContaining(String(closed)) });
    const missing = await as(app, caller)
      .post('/destinations/check', {
        name: 'pg',
        engine: 'postgres',
        connection_string: pg.connectionString.replace(`/${pg.database}`, '/no_such_database_h9'),
      })
      .expect(200);
    expect(missing.body).toEqual({ ok: false, code: 'database_missing', message: expect.stringContaining('no_such_database_h9') });
    expect(JSON.stringify([res.body, missing.body])).not.toContain('hunter2pw');
    expect(JSON.stringify(missing.body)).not.toContain(pg.password);
    expect(logs()).not.toContain('hunter2pw');
  });

  it('refuses a name already taken in the environment', async () => {
    const caller = await newCaller(app);
    await as(app, caller).post('/destinations', { name: 'taken', engine: 'postgres', connection_string: pg.connectionString }).expect(201);
    const res = await as(app, caller)
      .post('/destinations/check', { name: 'taken', engine: 'postgres', connection_string: pg.connectionString })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'name',
      message: 'A destination named taken already exists in this environment. Choose another name.',
    });
  });
});
