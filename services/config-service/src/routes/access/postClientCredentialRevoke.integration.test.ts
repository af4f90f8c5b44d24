import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
// A verification cache, as accounts-api runs with: a revocation in this process must still take effect at once.
const { app } = buildTestApp(knex, { basicAuthCacheSeconds: 5 });
afterAll(closeTestKnex);

describe('POST /api/v1/client_credentials/{client_id}/revoke', () => {
  it('revokes at once: the credential stops authenticating, the row and the audit log say so', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    await request(app).get('/api/v1/client_credentials').set('Authorization', credential.authorization).expect(200);

    const res = await user.agent
      .post(`/api/v1/client_credentials/${credential.client_id}/revoke`)
      .set('X-CSRF-Token', user.csrf)
      .expect(200);
    expect(res.body).toEqual({
      client_id: credential.client_id,
      secret_last4: credential.client_secret.slice(-4),
      scope: 'admin',
      active: false,
      created_at: expect.any(String),
      revoked_at: expect.any(String),
    });
    const denied = await request(app).get('/api/v1/client_credentials').set('Authorization', credential.authorization).expect(401);
    expect(denied.body).toEqual({
      type: 'authentication_error',
      message: 'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
    });
    expect(
      await knex(TABLES.clientCredentials).where({ client_id: credential.client_id }).whereNotNull('revoked_at').count({ n: '*' }).first(),
    ).toEqual({ n: '1' });
    expect(await knex(TABLES.auditLog).where({ target: credential.client_id }).orderBy('id').pluck('action')).toEqual([
      'client_credential.created',
      'client_credential.revoked',
    ]);
  });

  it('is idempotent', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const first = await user.agent
      .post(`/api/v1/client_credentials/${credential.client_id}/revoke`)
      .set('X-CSRF-Token', user.csrf)
      .expect(200);
    const second = await user.agent
      .post(`/api/v1/client_credentials/${credential.client_id}/revoke`)
      .set('X-CSRF-Token', user.csrf)
      .expect(200);
    expect(second.body).toEqual(first.body);
    expect(
      await knex(TABLES.auditLog).where({ target: credential.client_id, action: 'client_credential.revoked' }).count({ n: '*' }).first(),
    ).toEqual({ n: '1' });
  });

  it("cannot touch another environment's credential: 404, and it keeps working", async () => {
    const owner = await signUp(app);
    const victim = await createCredential(owner, 'admin');
    const attacker = await signUp(app);
    const attackerCredential = await createCredential(attacker, 'admin');
    const expected = {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'client_id',
      message: `No client credential ${victim.client_id} in this environment.`,
    };
    expect(
      (await attacker.agent.post(`/api/v1/client_credentials/${victim.client_id}/revoke`).set('X-CSRF-Token', attacker.csrf).expect(404))
        .body,
    ).toEqual(expected);
    expect(
      (
        await request(app)
          .post(`/api/v1/client_credentials/${victim.client_id}/revoke`)
          .set('Authorization', attackerCredential.authorization)
          .expect(404)
      ).body,
    ).toEqual(expected);
    // Same organization, other environment: also out of reach.
    await owner.agent.post('/api/v1/environments/current').set('X-CSRF-Token', owner.csrf).send({ environment: 'production' }).expect(200);
    await owner.agent.post(`/api/v1/client_credentials/${victim.client_id}/revoke`).set('X-CSRF-Token', owner.csrf).expect(404);
    await request(app).get('/api/v1/client_credentials').set('Authorization', victim.authorization).expect(200);
  });

  it('names an invalid client id', async () => {
    const user = await signUp(app);
    const res = await user.agent
      .post(`/api/v1/client_credentials/${'x'.repeat(65)}/revoke`)
      .set('X-CSRF-Token', user.csrf)
      .expect(400);
    expect(res.body).toEqual(parameterInvalid('client_id', 'client_id length must be less than or equal to 64 characters long'));
  });

  it('needs authentication, and the CSRF token with a session', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    expect((await request(app).post(`/api/v1/client_credentials/${credential.client_id}/revoke`).expect(401)).body.type).toBe(
      'authentication_error',
    );
    expect((await user.agent.post(`/api/v1/client_credentials/${credential.client_id}/revoke`).expect(403)).body.code).toBe(
      'csrf_token_invalid',
    );
    await request(app).get('/api/v1/client_credentials').set('Authorization', credential.authorization).expect(200);
  });
});
