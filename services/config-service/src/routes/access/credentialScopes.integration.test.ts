import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid } from '@datasync/testing';
import { createCredential, signUp } from '../../testing/accessApp';
import { buildResourceApp } from '../../testing/resourceApp';

// Least privilege for client credentials: the key an integrator's backend holds for the Accounts
// API cannot administer the environment; that takes a session or a key created with the admin
// scope, which has to be asked for explicitly.

const knex = getTestKnex();
const { app, auth } = buildResourceApp(knex);
afterAll(closeTestKnex);

const INSUFFICIENT_SCOPE = {
  type: 'permission_error',
  code: 'insufficient_scope',
  message:
    'This client credential is for the Accounts API only. Managing keys, destinations, sources and syncs needs a dashboard session ' +
    'or a client credential created with the admin scope.',
};

const CONFIRM_MESSAGE =
  '"confirm_admin_scope" must be true to create an admin credential: it can manage keys, destinations, sources and syncs';

describe('client credential scopes in config-service', () => {
  it('refuses an Accounts API credential on every administrative call, and changes nothing', async () => {
    const user = await signUp(app);
    const key = await createCredential(user);
    const calls: [string, string, object?][] = [
      ['get', '/client_credentials'],
      ['post', '/client_credentials', { scope: 'admin', confirm_admin_scope: true }],
      ['post', '/client_credentials', {}],
      ['post', `/client_credentials/${key.client_id}/revoke`],
      ['get', '/environments'],
      ['put', `/environments/${user.body.environment.name}/early_access`, { enabled: true }],
      ['get', '/destinations'],
      ['post', '/destinations', { name: 'theirs', engine: 'postgres', connection_string: 'postgres://u:p@attacker.example:5432/db' }],
      ['post', '/destinations/check', { engine: 'postgres', connection_string: 'postgres://u:p@attacker.example:5432/db' }],
      ['get', '/sources'],
      ['get', '/syncs'],
      ['post', '/syncs', { name: 'exfil', source: 'a', destination: 'theirs' }],
    ];
    for (const [method, path, body] of calls) {
      const req = (request(app) as unknown as Record<string, (p: string) => request.Test>)[method]!(`/api/v1${path}`).set(
        'Authorization',
        key.authorization,
      );
      const res = await (body ? req.send(body) : req);
      expect({ call: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        body: INSUFFICIENT_SCOPE,
      });
    }
    const credentials = await knex(TABLES.clientCredentials)
      .where({ environment_id: user.body.environment.id })
      .select('client_id', 'revoked_at');
    expect(credentials).toEqual([{ client_id: key.client_id, revoked_at: null }]);
    expect(await knex(TABLES.environments).where({ id: user.body.environment.id }).first('early_access')).toEqual({ early_access: false });
    expect(await knex(TABLES.destinations).where({ environment_id: user.body.environment.id }).first()).toBeUndefined();
  });

  it('creates an admin credential only when the admin scope is confirmed, and shows its scope', async () => {
    const user = await signUp(app);
    const unconfirmed = await user.agent
      .post('/api/v1/client_credentials')
      .set('X-CSRF-Token', user.csrf)
      .send({ scope: 'admin' })
      .expect(400);
    expect(unconfirmed.body).toEqual(parameterInvalid('confirm_admin_scope', CONFIRM_MESSAGE));
    const declined = await user.agent
      .post('/api/v1/client_credentials')
      .set('X-CSRF-Token', user.csrf)
      .send({ scope: 'admin', confirm_admin_scope: false })
      .expect(400);
    expect(declined.body).toEqual(parameterInvalid('confirm_admin_scope', CONFIRM_MESSAGE));
    expect(await knex(TABLES.clientCredentials).where({ environment_id: user.body.environment.id }).first()).toBeUndefined();

    const admin = await createCredential(user, 'admin');
    const listed = await user.agent.get('/api/v1/client_credentials').expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ client_id: admin.client_id, scope: 'admin' })]);
    const audit = await knex(TABLES.auditLog).where({ action: 'client_credential.created', target: admin.client_id }).first('details');
    expect(audit).toEqual({ details: { scope: 'admin' } });
    await request(app).get('/api/v1/destinations').set('Authorization', admin.authorization).expect(200);
    await request(app)
      .put(`/api/v1/environments/${user.body.environment.name}/early_access`)
      .set('Authorization', admin.authorization)
      .send({ enabled: true })
      .expect(200);
  });

  it('keeps every credential that existed before scopes an Accounts API credential', async () => {
    const user = await signUp(app);
    const key = await createCredential(user);
    // What a row written before the scope column looks like: no scope given.
    await knex(TABLES.clientCredentials)
      .where({ client_id: key.client_id })
      .update({ scope: knex.raw('default') });
    expect(await auth.basic.authenticate(key.authorization)).toMatchObject({ clientId: key.client_id, scope: 'accounts' });
  });
});
