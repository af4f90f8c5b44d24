import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, waitFor, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testSupport/apiTestApp';
import { accountRows, insertSource, newClient } from '../../testSupport/fixtures';

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

async function registered(app: ApiTestApp, options: { earlyAccess: boolean }) {
  const client = await newClient(app, options);
  await insertSource(app.knex, app.secretBox, emulator, client.environmentId);
  const account = await emulator.createAccount();
  await request(app.baseUrl).post('/accounts').set('Authorization', client.authorization).send({ sourceType: 'stripe', credential: account.secret_key }).expect(200);
  return { client, account };
}

describe('DELETE /accounts/{source_type}/{identifier}', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).delete('/accounts/stripe/acct_1').expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('answers 403 feature_not_enabled without early access and keeps the account', async () => {
    const { client, account } = await registered(api, { earlyAccess: false });
    const res = await request(api.baseUrl).delete(`/accounts/stripe/${account.id}`).set('Authorization', client.authorization).expect(403);
    expect(res.body).toMatchObject({ type: 'permission_error', code: 'feature_not_enabled' });
    expect(await accountRows(api.knex, client.environmentId)).toHaveLength(1);
  });

  it('deletes: 200 with the account, then 404; the audit record stays; registering again creates a new account', async () => {
    const { client, account } = await registered(api, { earlyAccess: true });
    const path = `/accounts/stripe/${account.id}`;
    const res = await request(api.baseUrl).delete(path).set('Authorization', client.authorization).expect(200);
    expect(res.body).toEqual({ deleted: true, account: { external_id: account.id, identifier: account.id, active: true } });
    expect(await accountRows(api.knex, client.environmentId)).toEqual([]);
    await request(api.baseUrl).delete(path).set('Authorization', client.authorization).expect(404);
    await request(api.baseUrl).get(path).set('Authorization', client.authorization).expect(404);
    const audit = await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId, action: 'account.deleted' }).first();
    expect(audit).toMatchObject({ target: `stripe/${account.id}`, details: { external_id: account.id } });
    const again = await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key })
      .expect(200);
    expect(again.body.already_existed).toBe(false);
  });

  it('answers 202 deleting past the wait bound, reads as deleting, and is gone once the purge ends', async () => {
    let finishPurge: () => void = () => undefined;
    const purged = new Promise<void>((resolve) => (finishPurge = resolve));
    const slow = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, settings: { ACCOUNT_DELETE_WAIT_MS: 100 }, hooks: { purgeAccount: () => purged } });
    try {
      const { client, account } = await registered(slow, { earlyAccess: true });
      const path = `/accounts/stripe/${account.id}`;
      await request(slow.baseUrl).delete(path).set('Authorization', client.authorization).expect(202, { deleted: false, status: 'deleting' });
      const read = await request(slow.baseUrl).get(path).set('Authorization', client.authorization).expect(200);
      expect(read.body.account.status).toBe('deleting');
      const reRegister = await request(slow.baseUrl).post('/accounts').set('Authorization', client.authorization).send({ sourceType: 'stripe', credential: account.secret_key }).expect(400);
      expect(reRegister.body.code).toBe('account_deleting');
      // A second DELETE waits again; once the purge finishes it removes the account.
      const second = request(slow.baseUrl).delete(path).set('Authorization', client.authorization).then((r) => r);
      finishPurge();
      expect((await second).status).toBe(200);
      await waitFor(async () => (await accountRows(slow.knex, client.environmentId)).length === 0, { description: 'the account row to go' });
    } finally {
      finishPurge();
      await slow.close();
    }
  });
});
