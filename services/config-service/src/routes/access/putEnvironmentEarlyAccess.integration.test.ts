import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

describe('PUT /api/v1/environments/{name}/early_access', () => {
  it('switches the flag of any environment of the organization from a session, and audits the change', async () => {
    const user = await signUp(app);
    const res = await user.agent
      .put('/api/v1/environments/production/early_access')
      .set('X-CSRF-Token', user.csrf)
      .send({ enabled: true })
      .expect(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'production',
      early_access: true,
      current: false,
      created_at: expect.any(String),
    });
    const rows = await knex(TABLES.environments)
      .where({ organization_id: user.body.organization.id })
      .orderBy('name')
      .select('name', 'early_access');
    expect(rows).toEqual([
      { name: 'development', early_access: false },
      { name: 'production', early_access: true },
    ]);
    const audit = await knex(TABLES.auditLog)
      .where({ organization_id: user.body.organization.id, action: 'environment.early_access_changed' })
      .select('actor', 'environment_id', 'target', 'details');
    expect(audit).toEqual([
      { actor: `user:${user.body.user.id}`, environment_id: res.body.id, target: 'production', details: { enabled: true } },
    ]);

    // Setting what is already set changes nothing and records nothing.
    await user.agent.put('/api/v1/environments/production/early_access').set('X-CSRF-Token', user.csrf).send({ enabled: true }).expect(200);
    expect(
      await knex(TABLES.auditLog)
        .where({ organization_id: user.body.organization.id, action: 'environment.early_access_changed' })
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '1' });
  });

  it("lets client credentials switch their own environment's flag only; another is a 404", async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const own = await request(app)
      .put('/api/v1/environments/development/early_access')
      .set('Authorization', credential.authorization)
      .send({ enabled: true })
      .expect(200);
    expect(own.body).toMatchObject({ name: 'development', early_access: true, current: true });
    const other = await request(app)
      .put('/api/v1/environments/production/early_access')
      .set('Authorization', credential.authorization)
      .send({ enabled: true })
      .expect(404);
    expect(other.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No environment named production is visible to these credentials.',
    });
    expect(
      await knex(TABLES.environments).where({ organization_id: user.body.organization.id, name: 'production' }).pluck('early_access'),
    ).toEqual([false]);
  });

  it('names every invalid field, path included', async () => {
    const user = await signUp(app);
    const res = await user.agent
      .put('/api/v1/environments/staging/early_access')
      .set('X-CSRF-Token', user.csrf)
      .send({ enabled: 'maybe' })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message: 'name must be one of [production, development]; enabled must be a boolean',
      errors: [
        { param: 'name', message: 'name must be one of [production, development]' },
        { param: 'enabled', message: 'enabled must be a boolean' },
      ],
    });
  });

  it('needs authentication, and the CSRF token with a session', async () => {
    const anonymous = await request(app).put('/api/v1/environments/production/early_access').send({ enabled: true }).expect(401);
    expect(anonymous.body.type).toBe('authentication_error');
    const user = await signUp(app);
    const forged = await user.agent.put('/api/v1/environments/production/early_access').send({ enabled: true }).expect(403);
    expect(forged.body.code).toBe('csrf_token_invalid');
    expect(await knex(TABLES.environments).where({ organization_id: user.body.organization.id }).pluck('early_access')).toEqual([
      false,
      false,
    ]);
  });
});
