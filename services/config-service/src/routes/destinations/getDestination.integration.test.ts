import request from 'supertest';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { destinationSchema } from '../../destinations/destinations.schemas';
import { createPostgresDestination, type PostgresDestination } from '../../testing/destinationDatabases';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller } from '../../testing/resourceApp';

const knex = getTestKnex();
const { app } = buildResourceApp(knex);
let pg: PostgresDestination;

beforeAll(async () => {
  pg = await createPostgresDestination();
});
afterAll(async () => {
  await pg?.drop();
  await closeTestKnex();
});

describe('GET /api/v1/destinations/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(app).get('/api/v1/destinations/anything').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller).get('/destinations/Not-Valid').expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name may contain only lowercase letters, digits and underscores'));
  });

  it('returns the destination with its masked connection string', async () => {
    const caller = await newCaller(app);
    const created = await as(app, caller)
      .post('/destinations', { name: 'main_db', engine: 'postgres', connection_string: pg.connectionString })
      .expect(201);
    const res = await as(app, caller).get('/destinations/main_db').expect(200);
    expect(destinationSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual(created.body);
    expect(JSON.stringify(res.body)).not.toContain(pg.password);
  });

  it("answers 404 for an unknown name and for another environment's destination", async () => {
    const caller = await newCaller(app);
    const other = await otherEnvironmentCaller(app, caller);
    const stranger = await newCaller(app);
    await as(app, caller).post('/destinations', { name: 'mine', engine: 'postgres', connection_string: pg.connectionString }).expect(201);
    const notFound = {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No destination named mine in this environment.',
    };
    expect((await as(app, other).get('/destinations/mine').expect(404)).body).toEqual(notFound);
    expect((await as(app, stranger).get('/destinations/mine').expect(404)).body).toEqual(notFound);
    expect((await as(app, caller).get('/destinations/nope').expect(404)).body).toEqual({
      ...notFound,
      message: 'No destination named nope in this environment.',
    });
  });
});
