import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ClientCredentialsService, ClientSecretHasher } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { insertSource, newClient, type TestClient } from '../../testing/fixtures';

let emulator: TestEmulator;
let api: ApiTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

async function session(): Promise<{ client: TestClient; id: string; url: string }> {
  const client = await newClient(api);
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const res = await request(api.baseUrl)
    .post('/link_sessions')
    .set('Authorization', client.authorization)
    .send({ sourceType: 'stripe', return_url: 'https://example.com/done' })
    .expect(200);
  return { client, id: res.body.id as string, url: res.body.url as string };
}

const page = (url: string) => request(url).get('');
const revoke = (client: TestClient, id: string) =>
  request(api.baseUrl).post(`/link_sessions/${id}/revoke`).set('Authorization', client.authorization);

describe('POST /link_sessions/{id}/revoke', () => {
  it('answers 401 without credentials and leaves the session open', async () => {
    const { id } = await session();
    await request(api.baseUrl).post(`/link_sessions/${id}/revoke`).expect(401);
    const row = await api.knex(TABLES.linkSessions).where({ id }).first();
    expect(row.revoked_at).toBeNull();
  });

  it('revokes: the row, the answer, the page, and again is fine', async () => {
    const { client, id, url } = await session();
    const res = await revoke(client, id).expect(200);
    expect(res.body).toMatchObject({ id, status: 'revoked', revoked_at: expect.any(String), completed_at: null });
    const row = await api.knex(TABLES.linkSessions).where({ id }).first();
    expect(row.revoked_at).toBeInstanceOf(Date);
    const page = await request(url).get('').expect(410);
    expect(page.text).toContain('This link was cancelled');
    const again = await revoke(client, id).expect(200);
    expect(again.body.revoked_at).toBe(res.body.revoked_at);
    expect(await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId, action: 'link_session.revoked' })).toHaveLength(1);
  });

  it('ends the unused links of a client credential when it is revoked, and not the used ones', async () => {
    const { client, id, url } = await session();
    const used = await request(api.baseUrl)
      .post('/link_sessions')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', return_url: 'https://example.com/done' })
      .expect(200);
    await api
      .knex(TABLES.linkSessions)
      .where({ id: used.body.id })
      .update({ completed_at: api.knex.fn.now(), account_identifier: 'acct_x', account_external_id: 'acct_x' });
    await page(url).expect(200);

    const credentials = new ClientCredentialsService(api.knex, new ClientSecretHasher(parseMasterKeys(api.settings.SECRETS_MASTER_KEYS)));
    const owner = {
      kind: 'session' as const,
      environmentId: client.environmentId,
      organizationId: client.organizationId,
      userId: randomUUID(),
      sessionId: randomUUID(),
    };
    const { credential, clientSecret } = await credentials.create(owner);
    await credentials.revoke(owner, client.clientId);

    expect((await page(url).expect(410)).text).toContain('This link was cancelled');
    const reader = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
    const read = await request(api.baseUrl).get(`/link_sessions/${id}`).set('Authorization', reader).expect(200);
    expect(read.body).toMatchObject({ id, status: 'revoked', revoked_at: expect.any(String), completed_at: null });
    const kept = await request(api.baseUrl)
      .get(`/link_sessions/${used.body.id as string}`)
      .set('Authorization', reader)
      .expect(200);
    expect(kept.body).toMatchObject({ status: 'completed', revoked_at: null });
    // Nothing can use it any more: the connect step refuses it too.
    const connect = await request(url).post('/key').type('form').send({ key: 'rk_test_x', csrf: 'x' });
    expect(connect.status).toBe(410);
  });

  it('answers 404 for another environment’s session and 400 for a completed one', async () => {
    const { id } = await session();
    const other = await session();
    const missing = await revoke(other.client, id).expect(404);
    expect(missing.body.code).toBe('resource_missing');
    expect((await api.knex(TABLES.linkSessions).where({ id }).first()).revoked_at).toBeNull();

    await api
      .knex(TABLES.linkSessions)
      .where({ id: other.id })
      .update({ completed_at: api.knex.fn.now(), account_identifier: 'acct_x', account_external_id: 'acct_x' });
    const completed = await revoke(other.client, other.id).expect(400);
    expect(completed.body).toEqual({
      type: 'invalid_request_error',
      code: 'link_session_completed',
      param: 'id',
      message: `Link session "${other.id}" was already used to connect an account; there is nothing left to revoke.`,
    });
  });
});
