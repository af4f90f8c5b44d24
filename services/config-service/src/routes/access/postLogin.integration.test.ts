import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, randomEmail, sessionCookieOf, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app, logs } = buildTestApp(knex);
afterAll(closeTestKnex);

const INVALID_LOGIN = { type: 'authentication_error', code: 'invalid_login', message: 'Incorrect email or password.' };

describe('POST /api/v1/login', () => {
  it('starts a new session with a new cookie and ends the one the request came with (no fixation)', async () => {
    const user = await signUp(app);
    const res = await request(app)
      .post('/api/v1/login')
      .set('Cookie', `datasync_session=${user.cookie}`)
      .send({ email: user.email.toUpperCase(), password: user.password })
      .expect(200);
    const fresh = sessionCookieOf(res) as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(user.cookie);
    expect(res.body).toEqual({ ...user.body, csrf_token: expect.any(String) });
    expect(res.body.csrf_token).not.toBe(user.csrf);

    await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${user.cookie}`).expect(401);
    const session = await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${fresh}`).expect(200);
    expect(session.body.csrf_token).toBe(res.body.csrf_token);
    expect(await knex(TABLES.auditLog).where({ organization_id: user.body.organization.id }).orderBy('id').pluck('action')).toEqual([
      'user.signed_up',
      'user.logged_in',
    ]);
    expect(logs()).not.toContain(user.password);
    expect(logs()).not.toContain(fresh);
  });

  it('ignores a session id planted before login', async () => {
    const user = await signUp(app);
    const planted = 'A'.repeat(43);
    const res = await request(app)
      .post('/api/v1/login')
      .set('Cookie', `datasync_session=${planted}`)
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(sessionCookieOf(res)).not.toBe(planted);
    await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${planted}`).expect(401);
  });

  it('resumes in the environment the user last worked in', async () => {
    const user = await signUp(app);
    await user.agent.post('/api/v1/environments/current').set('X-CSRF-Token', user.csrf).send({ environment: 'production' }).expect(200);
    const again = await user.agent.post('/api/v1/login').send({ email: user.email, password: user.password }).expect(200);
    expect(again.body.environment.name).toBe('production');
    const elsewhere = await request(app).post('/api/v1/login').send({ email: user.email, password: user.password }).expect(200);
    expect(elsewhere.body.environment.name).toBe('production');
  });

  it('gives one answer for a wrong password and an unknown email, and sets no cookie', async () => {
    const user = await signUp(app);
    const wrong = await request(app)
      .post('/api/v1/login')
      .send({ email: user.email, password: `${user.password}x` })
      .expect(401);
    const unknown = await request(app).post('/api/v1/login').send({ email: randomEmail(), password: user.password }).expect(401);
    expect(wrong.body).toEqual(INVALID_LOGIN);
    expect(unknown.body).toEqual(INVALID_LOGIN);
    expect(wrong.headers['www-authenticate']).toBe('Session realm="datasync"');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await knex(TABLES.auditLog).where({ organization_id: user.body.organization.id }).orderBy('id').pluck('action')).toEqual([
      'user.signed_up',
      'user.login_failed',
    ]);
  });

  it('names every invalid field', async () => {
    const res = await request(app).post('/api/v1/login').send({ email: 42, remember: true }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'email',
      message: 'email must be a string; password is required; remember is not allowed',
      errors: [
        { param: 'email', message: 'email must be a string' },
        { param: 'password', message: 'password is required' },
        { param: 'remember', message: 'remember is not allowed' },
      ],
    });
  });

  it('answers a value Postgres cannot store (a NUL character) with a 400, not a 500', async () => {
    const res = await request(app)
      .post('/api/v1/login')
      .send({ email: 'a\u0000b@example.com', password: 'whatever-long-enough' })
      .expect(400);
    expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'invalid_value' });
    expect(res.body.message).toMatch(/^A value in the request cannot be stored/);
  });

  it('refuses a login another site started', async () => {
    const user = await signUp(app);
    const res = await request(app)
      .post('/api/v1/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: user.email, password: user.password })
      .expect(403);
    expect(res.body.code).toBe('cross_site_request');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
