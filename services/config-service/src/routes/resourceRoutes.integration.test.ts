import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { createPostgresDestination, type PostgresDestination } from '../testing/destinationDatabases';
import { buildResourceApp, newCaller } from '../testing/resourceApp';

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

describe('resource routes in the app', () => {
  it('are described in the OpenAPI document, with session or Basic auth', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/destinations/check',
        '/destinations',
        '/destinations/{name}',
        '/sources',
        '/sources/{name}',
        '/syncs',
        '/syncs/{name}',
        '/syncs/{name}/collections',
        '/syncs/{name}/collections/{resource_type}',
      ]),
    );
    expect(paths['/destinations']?.post?.security).toEqual([{ basicAuth: [] }, { sessionCookie: [], csrfToken: [] }]);
    expect(res.body.components.schemas.Destination.properties).not.toHaveProperty('connection_string');
    expect(res.body.components.schemas.Source.properties).not.toHaveProperty('private_key');
  });

  it('answer a dashboard session, which needs its CSRF token to change anything', async () => {
    const caller = await newCaller(app);
    const body = { name: 'from_dashboard', engine: 'postgres', connection_string: pg.connectionString };
    const refused = await caller.user.agent.post('/api/v1/destinations').send(body).expect(403);
    expect(refused.body).toMatchObject({ type: 'permission_error', code: 'csrf_token_invalid' });
    await caller.user.agent.post('/api/v1/destinations').set('X-CSRF-Token', caller.user.csrf).send(body).expect(201);
    expect((await caller.user.agent.get('/api/v1/destinations/from_dashboard').expect(200)).body.name).toBe('from_dashboard');
  });

  it('answer 405 for a known path with another method, and 415 for a body that is not JSON', async () => {
    const caller = await newCaller(app);
    const notAllowed = await request(app).put('/api/v1/destinations/x').set('Authorization', caller.authorization).expect(405);
    expect(notAllowed.headers.allow).toBe('GET, DELETE');
    await request(app)
      .post('/api/v1/syncs')
      .set('Authorization', caller.authorization)
      .set('Content-Type', 'text/plain')
      .send('name=x')
      .expect(415);
  });
});
