import request from 'supertest';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../../testing/fixtures';

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

async function registered(options: { earlyAccess: boolean }) {
  const client = await newClient(api, options);
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const account = await emulator.createAccount();
  await request(api.baseUrl)
    .post('/accounts')
    .set('Authorization', client.authorization)
    .send({ sourceType: 'stripe', credential: account.secret_key })
    .expect(200);
  return { client, account };
}

const put = (client: TestClient, path: string, body: unknown) =>
  request(api.baseUrl)
    .put(path)
    .set('Authorization', client.authorization)
    .send(body as object);

describe('PUT /accounts/{source_type}/{identifier}', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).put('/accounts/stripe/acct_1').send({ active: false }).expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('answers 403 feature_not_enabled without early access, whatever the body, and changes nothing', async () => {
    const { client, account } = await registered({ earlyAccess: false });
    const before = await accountRows(api.knex, client.environmentId);
    for (const body of [{ active: false }, { bogus: 1 }]) {
      const res = await put(client, `/accounts/stripe/${account.id}`, body).expect(403);
      expect(res.body).toEqual({
        type: 'permission_error',
        code: 'feature_not_enabled',
        message:
          'This call is in beta and needs early access, which is off for this environment. An administrator of your organization can switch early access on in the dashboard (Environments).',
      });
    }
    expect(await accountRows(api.knex, client.environmentId)).toEqual(before);
  });

  it('toggles active off and on: 200 with the account, and the row follows', async () => {
    const { client, account } = await registered({ earlyAccess: true });
    const off = await put(client, `/accounts/stripe/${account.id}`, { active: false }).expect(200);
    expect(off.body).toEqual({ account: { external_id: account.id, identifier: account.id, active: false } });
    expect((await accountRows(api.knex, client.environmentId))[0]).toMatchObject({ active: false });
    // Setting the state it already has is a no-op that still answers the account.
    await put(client, `/accounts/stripe/${account.id}`, { active: false }).expect(200, off.body);
    const on = await put(client, `/accounts/stripe/${account.id}`, { active: true }).expect(200);
    expect(on.body).toEqual({ account: { external_id: account.id, identifier: account.id, active: true } });
    const [row] = await accountRows(api.knex, client.environmentId);
    expect(row).toMatchObject({ active: true });
    expect((row?.updated_at as Date).getTime()).toBeGreaterThan((row?.created_at as Date).getTime());
  });

  it('answers 400 for a body without a boolean active, naming every problem', async () => {
    const { client, account } = await registered({ earlyAccess: true });
    const res = await put(client, `/accounts/stripe/${account.id}`, { active: 'false', extra: 1 }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'active',
      message: 'active must be a boolean; extra is not allowed',
      errors: [
        { param: 'active', message: 'active must be a boolean' },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
    const bad = await put(client, `/accounts/paypal/${'x'.repeat(300)}`, { active: true }).expect(400);
    expect(bad.body.errors.map((e: { param: string }) => e.param)).toEqual(['source_type', 'identifier']);
  });

  it("answers 404 for an unknown account and for another environment's", async () => {
    const { account } = await registered({ earlyAccess: true });
    const other = await newClient(api, { earlyAccess: true });
    const res = await put(other, `/accounts/stripe/${account.id}`, { active: false }).expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'identifier',
      message: `No stripe account with identifier "${account.id}" in this environment.`,
    });
  });
});
