import request from 'supertest';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

const environment = (name: string, current: boolean) => ({
  id: expect.any(String),
  name,
  early_access: false,
  current,
  created_at: expect.any(String),
});

describe('GET /api/v1/environments', () => {
  it("lists a session's organization environments, marking the current one", async () => {
    const user = await signUp(app);
    const res = await user.agent.get('/api/v1/environments').expect(200);
    expect(res.body).toEqual({ data: [environment('production', false), environment('development', true)] });
  });

  it('shows client credentials only their own environment', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const res = await request(app).get('/api/v1/environments').set('Authorization', credential.authorization).expect(200);
    expect(res.body).toEqual({ data: [{ ...environment('development', true), id: user.body.environment.id }] });
  });

  it('needs authentication; API clients are challenged for Basic credentials, browsers are not', async () => {
    const res = await request(app).get('/api/v1/environments').expect(401);
    expect(res.body).toEqual({
      type: 'authentication_error',
      message: 'Log in to the dashboard, or send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
    });
    expect(res.headers['www-authenticate']).toBe('Basic realm="datasync", charset="UTF-8"');
    const browser = await request(app).get('/api/v1/environments').set('Sec-Fetch-Mode', 'cors').expect(401);
    expect(browser.headers['www-authenticate']).toBe('Session realm="datasync"');
  });

  it('refuses unknown query parameters', async () => {
    const user = await signUp(app);
    const res = await user.agent.get('/api/v1/environments?limit=1').expect(400);
    expect(res.body).toEqual(parameterInvalid('limit', 'limit is not allowed'));
  });
});
