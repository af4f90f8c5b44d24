import request from 'supertest';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { destinationListSchema } from '../../destinations/destinations.schemas';
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

describe('GET /api/v1/destinations', () => {
  it('needs authentication', async () => {
    expect((await request(app).get('/api/v1/destinations').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses query parameters it does not know', async () => {
    const caller = await newCaller(app);
    const res = await as(app, caller).get('/destinations?limit=5').expect(400);
    expect(res.body).toEqual(parameterInvalid('limit', 'limit is not allowed'));
  });

  it("lists the environment's destinations oldest first, never another environment's, never a password", async () => {
    const caller = await newCaller(app);
    const other = await otherEnvironmentCaller(app, caller);
    const stranger = await newCaller(app);
    const body = (name: string) => ({ name, engine: 'postgres', connection_string: pg.connectionString });
    await as(app, caller).post('/destinations', body('first')).expect(201);
    await as(app, caller).post('/destinations', body('second')).expect(201);
    await as(app, other).post('/destinations', body('elsewhere')).expect(201);

    const res = await as(app, caller).get('/destinations').expect(200);
    expect(destinationListSchema.validate(res.body).error).toBeUndefined();
    expect(res.body.data.map((d: { name: string }) => d.name)).toEqual(['first', 'second']);
    expect(JSON.stringify(res.body)).not.toContain(pg.password);
    expect((await as(app, other).get('/destinations').expect(200)).body.data.map((d: { name: string }) => d.name)).toEqual(['elsewhere']);
    expect((await as(app, stranger).get('/destinations').expect(200)).body).toEqual({ data: [] });
  });

  it('answers a dashboard session in its current environment', async () => {
    const caller = await newCaller(app);
    await as(app, caller).post('/destinations', { name: 'by_api', engine: 'postgres', connection_string: pg.connectionString }).expect(201);
    const res = await caller.user.agent.get('/api/v1/destinations').expect(200);
    expect(res.body.data.map((d: { name: string }) => d.name)).toEqual(['by_api']);
  });
});
