import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

describe('POST /api/v1/environments/current', () => {
  it("switches the session's environment: later calls act in it", async () => {
    const user = await signUp(app);
    const res = await user.agent
      .post('/api/v1/environments/current')
      .set('X-CSRF-Token', user.csrf)
      .send({ environment: 'production' })
      .expect(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'production',
      early_access: false,
      current: true,
      created_at: expect.any(String),
    });
    expect(await knex(TABLES.sessions).where({ user_id: user.body.user.id }).pluck('environment_id')).toEqual([res.body.id]);

    const session = await user.agent.get('/api/v1/session').expect(200);
    expect(session.body.environment).toEqual(res.body);
    const credential = await createCredential(user, 'admin');
    expect(await knex(TABLES.clientCredentials).where({ client_id: credential.client_id }).pluck('environment_id')).toEqual([res.body.id]);
  });

  it('names every invalid field', async () => {
    const user = await signUp(app);
    const res = await user.agent
      .post('/api/v1/environments/current')
      .set('X-CSRF-Token', user.csrf)
      .send({ environment: 'staging', id: 'x' })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'environment',
      message: 'environment must be one of [production, development]; id is not allowed',
      errors: [
        { param: 'environment', message: 'environment must be one of [production, development]' },
        { param: 'id', message: 'id is not allowed' },
      ],
    });
  });

  it('needs a session and its CSRF token; client credentials cannot switch', async () => {
    expect((await request(app).post('/api/v1/environments/current').send({ environment: 'production' }).expect(401)).body.code).toBe(
      'session_required',
    );
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    await request(app)
      .post('/api/v1/environments/current')
      .set('Authorization', credential.authorization)
      .send({ environment: 'production' })
      .expect(401);
    const forged = await user.agent.post('/api/v1/environments/current').send({ environment: 'production' }).expect(403);
    expect(forged.body.code).toBe('csrf_token_invalid');
    expect((await user.agent.get('/api/v1/session').expect(200)).body.environment.name).toBe('development');
  });
});
