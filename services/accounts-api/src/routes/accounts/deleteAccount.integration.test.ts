import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient } from '../../testing/fixtures';

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
  await request(app.baseUrl)
    .post('/accounts')
    .set('Authorization', client.authorization)
    .send({ sourceType: 'stripe', credential: account.secret_key })
    .expect(200);
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

  it('answers 202 deleting past the wait bound, reads as deleting; a repeated DELETE answers 202 at once', async () => {
    let finishPurge: () => void = () => undefined;
    const purged = new Promise<void>((resolve) => (finishPurge = resolve));
    let purges = 0;
    const waitMs = 1_500;
    const slow = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      settings: { ACCOUNT_DELETE_WAIT_MS: waitMs },
      hooks: {
        purgeAccount: () => {
          purges += 1;
          return purged;
        },
      },
    });
    try {
      const { client, account } = await registered(slow, { earlyAccess: true });
      const path = `/accounts/stripe/${account.id}`;
      await request(slow.baseUrl)
        .delete(path)
        .set('Authorization', client.authorization)
        .expect(202, { deleted: false, status: 'deleting' });
      const read = await request(slow.baseUrl).get(path).set('Authorization', client.authorization).expect(200);
      expect(read.body.account.status).toBe('deleting');
      const reRegister = await request(slow.baseUrl)
        .post('/accounts')
        .set('Authorization', client.authorization)
        .send({ sourceType: 'stripe', credential: account.secret_key })
        .expect(400);
      expect(reRegister.body.code).toBe('account_deleting');
      // Repeats do not wait again, nor start another purge: a loop of DELETEs holds nothing.
      const started = Date.now();
      const repeats = await Promise.all(
        Array.from({ length: 10 }, () => request(slow.baseUrl).delete(path).set('Authorization', client.authorization)),
      );
      expect(repeats.map((r) => [r.status, r.body])).toEqual(
        Array.from({ length: 10 }, () => [202, { deleted: false, status: 'deleting' }]),
      );
      expect(Date.now() - started).toBeLessThan(waitMs);
      expect(purges).toBe(1);
      expect(await accountRows(slow.knex, client.environmentId)).toEqual([expect.objectContaining({ deleting_at: expect.any(Date) })]);
    } finally {
      finishPurge();
      await slow.close();
    }
  });
});
