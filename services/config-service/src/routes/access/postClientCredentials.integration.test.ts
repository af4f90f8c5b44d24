import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { basicHeader, buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app, auth, logs } = buildTestApp(knex);
afterAll(closeTestKnex);

const TOO_MANY = {
  type: 'invalid_request_error',
  code: 'too_many_active_credentials',
  message:
    'This environment already has 2 active client credentials, the most it can have. Revoke one before creating another ' +
    '(to rotate: create the new one, move your integration to it, then revoke the old one).',
};

describe('POST /api/v1/client_credentials', () => {
  it('creates a credential, shows its secret once, stores only a keyed hash, and audits it', async () => {
    const user = await signUp(app);
    const res = await user.agent.post('/api/v1/client_credentials').set('X-CSRF-Token', user.csrf).expect(201);
    const secret = res.body.client_secret as string;
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^cli_[0-9a-f]{24}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      secret_last4: secret.slice(-4),
      scope: 'accounts',
      active: true,
      created_at: expect.any(String),
      revoked_at: null,
    });
    const row = await knex(TABLES.clientCredentials).where({ client_id: res.body.client_id }).first();
    expect(row).toMatchObject({
      environment_id: user.body.environment.id,
      secret_last4: secret.slice(-4),
      scope: 'accounts',
      revoked_at: null,
    });
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const audit = await knex(TABLES.auditLog).where({ action: 'client_credential.created', target: res.body.client_id }).first();
    expect(audit).toMatchObject({
      organization_id: user.body.organization.id,
      environment_id: user.body.environment.id,
      actor: `user:${user.body.user.id}`,
    });
    expect(JSON.stringify(audit)).not.toContain(secret);

    // The pair authenticates (for the Accounts API), and the secret appears nowhere after this response.
    expect(await auth.basic.authenticate(basicHeader(res.body.client_id, secret))).toMatchObject({
      clientId: res.body.client_id,
      scope: 'accounts',
    });
    const list = await user.agent.get('/api/v1/client_credentials').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify((await user.agent.get('/api/v1/session').expect(200)).body)).not.toContain(secret);
    expect(logs()).not.toContain(secret);
  });

  it('allows two active credentials per environment; a third is refused until one is revoked (rotation)', async () => {
    const user = await signUp(app);
    const first = await createCredential(user);
    await createCredential(user);
    const third = await user.agent.post('/api/v1/client_credentials').set('X-CSRF-Token', user.csrf).expect(400);
    expect(third.body).toEqual(TOO_MANY);
    await user.agent.post(`/api/v1/client_credentials/${first.client_id}/revoke`).set('X-CSRF-Token', user.csrf).expect(200);
    await createCredential(user);
    expect(
      await knex(TABLES.clientCredentials)
        .where({ environment_id: user.body.environment.id })
        .whereNull('revoked_at')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '2' });
  });

  it('keeps the limit under concurrent requests', async () => {
    const user = await signUp(app);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(app).post('/api/v1/client_credentials').set('Cookie', `datasync_session=${user.cookie}`).set('X-CSRF-Token', user.csrf),
      ),
    );
    expect(statuses.map((r) => r.status).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect(await knex(TABLES.clientCredentials).where({ environment_id: user.body.environment.id }).count({ n: '*' }).first()).toEqual({
      n: '2',
    });
  });

  it('counts the limit per environment', async () => {
    const user = await signUp(app);
    await createCredential(user);
    await createCredential(user);
    await user.agent.post('/api/v1/environments/current').set('X-CSRF-Token', user.csrf).send({ environment: 'production' }).expect(200);
    await createCredential(user);
  });

  it('lets an admin client credential create its sibling, in its own environment', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const res = await request(app).post('/api/v1/client_credentials').set('Authorization', credential.authorization).expect(201);
    const row = await knex(TABLES.clientCredentials).where({ client_id: res.body.client_id }).first('environment_id');
    expect(row).toEqual({ environment_id: user.body.environment.id });
    expect(await knex(TABLES.auditLog).where({ target: res.body.client_id }).pluck('actor')).toEqual([`client:${credential.client_id}`]);
  });

  it('needs authentication, and the CSRF token with a session', async () => {
    const anonymous = await request(app).post('/api/v1/client_credentials').expect(401);
    expect(anonymous.body.type).toBe('authentication_error');
    const user = await signUp(app);
    const forged = await user.agent.post('/api/v1/client_credentials').expect(403);
    expect(forged.body.code).toBe('csrf_token_invalid');
    expect(await knex(TABLES.clientCredentials).where({ environment_id: user.body.environment.id }).first()).toBeUndefined();
  });

  it('takes no body fields', async () => {
    const user = await signUp(app);
    const res = await user.agent
      .post('/api/v1/client_credentials')
      .set('X-CSRF-Token', user.csrf)
      .send({ client_secret: 'mine' })
      .expect(400);
    expect(res.body).toEqual(parameterInvalid('client_secret', 'client_secret is not allowed'));
  });
});
