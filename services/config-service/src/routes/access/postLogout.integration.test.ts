import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

const CSRF_ERROR = {
  type: 'permission_error',
  code: 'csrf_token_invalid',
  message: 'Missing or invalid CSRF token. Send the csrf_token of GET /api/v1/session in the X-CSRF-Token header.',
};

describe('POST /api/v1/logout', () => {
  it('ends the session: the cookie is cleared and no longer works', async () => {
    const user = await signUp(app);
    const res = await user.agent.post('/api/v1/logout').set('X-CSRF-Token', user.csrf).expect(204);
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(
      /^datasync_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(await knex(TABLES.sessions).where({ user_id: user.body.user.id }).count({ n: '*' }).first()).toEqual({ n: '0' });
    const after = await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${user.cookie}`).expect(401);
    expect(after.body).toEqual({
      type: 'authentication_error',
      code: 'session_expired',
      message: 'Your session has expired or was logged out. Log in again.',
    });
  });

  it('needs a session', async () => {
    const res = await request(app).post('/api/v1/logout').expect(401);
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'session_required',
      message: 'This call needs a dashboard session. Log in first.',
    });
    expect(res.headers['www-authenticate']).toBe('Session realm="datasync"');
  });

  it('is not something client credentials can do', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const res = await request(app).post('/api/v1/logout').set('Authorization', credential.authorization).expect(401);
    expect(res.body.code).toBe('session_required');
  });

  it('needs the CSRF token: missing or wrong is a 403 and the session stays', async () => {
    const user = await signUp(app);
    expect((await user.agent.post('/api/v1/logout').expect(403)).body).toEqual(CSRF_ERROR);
    expect((await user.agent.post('/api/v1/logout').set('X-CSRF-Token', `${user.csrf}x`).expect(403)).body).toEqual(CSRF_ERROR);
    const other = await signUp(app);
    expect((await user.agent.post('/api/v1/logout').set('X-CSRF-Token', other.csrf).expect(403)).body).toEqual(CSRF_ERROR);
    await user.agent.get('/api/v1/session').expect(200);
  });

  it('takes no body fields', async () => {
    const user = await signUp(app);
    const res = await user.agent.post('/api/v1/logout').set('X-CSRF-Token', user.csrf).send({ everywhere: true }).expect(400);
    expect(res.body).toEqual(parameterInvalid('everywhere', 'everywhere is not allowed'));
  });
});
