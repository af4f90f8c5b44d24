import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, createCredential, signUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

describe('GET /api/v1/client_credentials', () => {
  it('lists the environment credentials, active first, without secrets', async () => {
    const user = await signUp(app);
    const old = await createCredential(user);
    const current = await createCredential(user, 'admin');
    await user.agent.post(`/api/v1/client_credentials/${old.client_id}/revoke`).set('X-CSRF-Token', user.csrf).expect(200);
    const res = await user.agent.get('/api/v1/client_credentials').expect(200);
    expect(res.body).toEqual({
      data: [
        {
          client_id: current.client_id,
          secret_last4: current.client_secret.slice(-4),
          scope: 'admin',
          active: true,
          created_at: expect.any(String),
          revoked_at: null,
        },
        {
          client_id: old.client_id,
          secret_last4: old.client_secret.slice(-4),
          scope: 'accounts',
          active: false,
          created_at: expect.any(String),
          revoked_at: expect.any(String),
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(current.client_secret);
    expect(JSON.stringify(res.body)).not.toContain(old.client_secret);
  });

  it("never shows another environment's credentials, to a session or a credential", async () => {
    const user = await signUp(app);
    const development = await createCredential(user, 'admin');
    await user.agent.post('/api/v1/environments/current').set('X-CSRF-Token', user.csrf).send({ environment: 'production' }).expect(200);
    const production = await createCredential(user, 'admin');
    const stranger = await createCredential(await signUp(app), 'admin');

    const seenBy = async (authorization: string) =>
      (
        (await request(app).get('/api/v1/client_credentials').set('Authorization', authorization).expect(200)).body.data as {
          client_id: string;
        }[]
      ).map((c) => c.client_id);
    expect(await seenBy(development.authorization)).toEqual([development.client_id]);
    expect(await seenBy(production.authorization)).toEqual([production.client_id]);
    expect(await seenBy(stranger.authorization)).toEqual([stranger.client_id]);
    const bySession = (await user.agent.get('/api/v1/client_credentials').expect(200)).body.data as { client_id: string }[];
    expect(bySession.map((c) => c.client_id)).toEqual([production.client_id]);
  });

  it('needs authentication: missing, malformed, wrong and revoked credentials are 401', async () => {
    const user = await signUp(app);
    const credential = await createCredential(user, 'admin');
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const cases: [string | undefined, string][] = [
      [undefined, 'Log in to the dashboard, or send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).'],
      ['Bearer x', 'Unsupported authorization scheme. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).'],
      [
        `Basic ${b64(credential.client_id)}`,
        'Malformed Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET), UTF-8, id and secret separated by a colon.',
      ],
      [
        `Basic ${Buffer.from([0x63, 0x3a, 0xff]).toString('base64')}`,
        'Malformed Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET), UTF-8, id and secret separated by a colon.',
      ],
      [
        `Basic ${b64(`${credential.client_id}:${credential.client_secret}x`)}`,
        'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
      ],
      [
        `Basic ${b64(`cli_000000000000000000000000:${credential.client_secret}`)}`,
        'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
      ],
    ];
    for (const [authorization, message] of cases) {
      const req = request(app).get('/api/v1/client_credentials');
      const res = await (authorization === undefined ? req : req.set('Authorization', authorization)).expect(401);
      expect(res.body).toEqual({ type: 'authentication_error', message });
      expect(res.headers['www-authenticate']).toBe('Basic realm="datasync", charset="UTF-8"');
    }
  });

  it('refuses query parameters', async () => {
    const user = await signUp(app);
    const res = await user.agent.get('/api/v1/client_credentials?environment=production').expect(400);
    expect(res.body.errors).toEqual([{ param: 'environment', message: 'environment is not allowed' }]);
  });
});
