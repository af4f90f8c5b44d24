import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

const EXPIRED = {
  type: 'authentication_error',
  code: 'session_expired',
  message: 'Your session has expired or was logged out. Log in again.',
};

describe('GET /api/v1/session', () => {
  it('describes the user, organization, current environment and CSRF token', async () => {
    const user = await signUp(app);
    const res = await user.agent.get('/api/v1/session').expect(200);
    expect(res.body).toEqual(user.body);
  });

  it('needs a session: none, a malformed cookie, and client credentials are 401', async () => {
    const none = await request(app).get('/api/v1/session').expect(401);
    expect(none.body).toEqual({
      type: 'authentication_error',
      code: 'session_required',
      message: 'This call needs a dashboard session. Log in first.',
    });
    const garbage = await request(app).get('/api/v1/session').set('Cookie', 'datasync_session=%%%').expect(401);
    expect(garbage.body).toEqual(EXPIRED);
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    await request(app).get('/api/v1/session').set('Authorization', credential.authorization).expect(401);
  });

  it('ends a session past its expiry, and one left idle too long', async () => {
    const expired = await signUp(app);
    await knex(TABLES.sessions)
      .where({ user_id: expired.body.user.id })
      .update({ expires_at: knex.raw("now() - interval '1 second'") });
    const res = await expired.agent.get('/api/v1/session').expect(401);
    expect(res.body).toEqual(EXPIRED);
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/^datasync_session=; .*Expires=Thu, 01 Jan 1970/);
    expect(await knex(TABLES.sessions).where({ user_id: expired.body.user.id }).first()).toBeUndefined();

    const idle = await signUp(app);
    await knex(TABLES.sessions)
      .where({ user_id: idle.body.user.id })
      .update({ last_seen_at: knex.raw("now() - interval '31 minutes'") });
    expect((await idle.agent.get('/api/v1/session').expect(401)).body).toEqual(EXPIRED);
  });

  it('keeps an active session alive by refreshing when it was last seen', async () => {
    const user = await signUp(app);
    await knex(TABLES.sessions)
      .where({ user_id: user.body.user.id })
      .update({ last_seen_at: knex.raw("now() - interval '29 minutes'") });
    await user.agent.get('/api/v1/session').expect(200);
    const row = await knex(TABLES.sessions)
      .where({ user_id: user.body.user.id })
      .first(knex.raw("last_seen_at > now() - interval '1 minute' as fresh"));
    expect(row).toEqual({ fresh: true });
  });
});
