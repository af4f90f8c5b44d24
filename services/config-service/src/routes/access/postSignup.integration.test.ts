import { createHash } from 'node:crypto';
import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, randomEmail, sessionCookieOf } from '../../testing/accessApp';

const knex = getTestKnex();
const { app, logs } = buildTestApp(knex);
afterAll(closeTestKnex);

const PASSWORD = 'a long enough password';

describe('POST /api/v1/signup', () => {
  it('creates the organization, both environments and the user, and logs the user in', async () => {
    const email = randomEmail();
    const res = await request(app).post('/api/v1/signup').send({ email, password: PASSWORD, organization_name: '  Acme Ltd ' }).expect(201);

    expect(res.body).toEqual({
      user: { id: expect.any(String), email, created_at: expect.any(String) },
      organization: { id: expect.any(String), name: 'Acme Ltd', created_at: expect.any(String) },
      environment: { id: expect.any(String), name: 'development', early_access: false, current: true, created_at: expect.any(String) },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(setCookie).toMatch(/^datasync_session=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/Secure/);

    const organizationId = res.body.organization.id as string;
    const environments = await knex(TABLES.environments)
      .where({ organization_id: organizationId })
      .orderBy('name')
      .select('name', 'early_access');
    expect(environments).toEqual([
      { name: 'development', early_access: false },
      { name: 'production', early_access: false },
    ]);
    const user = await knex(TABLES.users).where({ id: res.body.user.id }).first();
    expect(user).toMatchObject({ organization_id: organizationId, email });
    expect(user.password_hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(user.password_hash).not.toContain(PASSWORD);

    const token = sessionCookieOf(res) as string;
    const session = await knex(TABLES.sessions)
      .where({ token_hash: createHash('sha256').update(token).digest('hex') })
      .first();
    expect(session).toMatchObject({ user_id: res.body.user.id, environment_id: res.body.environment.id });
    expect(await knex(TABLES.auditLog).where({ organization_id: organizationId }).pluck('action')).toEqual(['user.signed_up']);

    await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${token}`).expect(200);
    expect(logs()).not.toContain(PASSWORD);
    expect(logs()).not.toContain(token);
  });

  it('names every invalid field', async () => {
    const res = await request(app)
      .post('/api/v1/signup')
      .send({ email: 'not-an-email', password: 'short', organization_name: '', plan: 'pro' })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'email',
      message:
        'email must be a valid email; password length must be at least 12 characters long; ' +
        'organization_name is not allowed to be empty; plan is not allowed',
      errors: [
        { param: 'email', message: 'email must be a valid email' },
        { param: 'password', message: 'password length must be at least 12 characters long' },
        { param: 'organization_name', message: 'organization_name is not allowed to be empty' },
        { param: 'plan', message: 'plan is not allowed' },
      ],
    });
    expect(logs()).not.toContain('short"');
  });

  it('names the missing fields of an empty request', async () => {
    const res = await request(app).post('/api/v1/signup').expect(400);
    expect(res.body.errors).toEqual([
      { param: 'email', message: 'email is required' },
      { param: 'password', message: 'password is required' },
      { param: 'organization_name', message: 'organization_name is required' },
    ]);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const email = randomEmail();
    await request(app).post('/api/v1/signup').send({ email, password: PASSWORD, organization_name: 'first' }).expect(201);
    const res = await request(app)
      .post('/api/v1/signup')
      .send({ email: email.toUpperCase(), password: PASSWORD, organization_name: `second ${email}` })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'email_taken',
      param: 'email',
      message: 'An account with this email already exists. Log in instead.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The transaction rolled back: no organization without a user was left behind.
    expect(
      await knex(TABLES.organizations)
        .where({ name: `second ${email}` })
        .first(),
    ).toBeUndefined();
  });

  it('refuses a sign-up another site started', async () => {
    const res = await request(app)
      .post('/api/v1/signup')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: randomEmail(), password: PASSWORD, organization_name: 'x' })
      .expect(403);
    expect(res.body).toEqual({
      type: 'permission_error',
      code: 'cross_site_request',
      message: 'Requests from other sites cannot sign up or log in.',
    });
  });

  it('answers 415 to a form post', async () => {
    await request(app).post('/api/v1/signup').type('form').send({ email: randomEmail() }).expect(415);
  });
});
