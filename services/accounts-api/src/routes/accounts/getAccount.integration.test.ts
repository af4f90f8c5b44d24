import request from 'supertest';
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

const get = (client: TestClient, path: string) => request(api.baseUrl).get(path).set('Authorization', client.authorization);

describe('GET /accounts/{source_type}/{identifier}', () => {
  it('answers 401 without credentials', async () => {
    await request(api.baseUrl).get('/accounts/stripe/acct_1').expect(401);
  });

  it('reads the account with its derived status; paused once inactive; 404 from another environment', async () => {
    const client = await newClient(api, { earlyAccess: true });
    const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop');
    const account = await emulator.createAccount();
    await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key })
      .expect(200);
    const res = await get(client, `/accounts/stripe/${account.id}`).expect(200);
    expect(res.body).toEqual({
      account: {
        source_type: 'stripe',
        identifier: account.id,
        external_id: account.id,
        source: source.name,
        credential_kind: 'secret_key',
        active: true,
        status: 'pending',
        status_reason: null,
        last_synced_at: null,
        collections: [],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(account.secret_key);
    await request(api.baseUrl)
      .put(`/accounts/stripe/${account.id}`)
      .set('Authorization', client.authorization)
      .send({ active: false })
      .expect(200);
    expect((await get(client, `/accounts/stripe/${account.id}`).expect(200)).body.account.status).toBe('paused');
    const stranger = await newClient(api);
    const missing = await get(stranger, `/accounts/stripe/${account.id}`).expect(404);
    expect(missing.body).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it("shows a collection's warnings: what its load left out while the account is live", async () => {
    const client = await newClient(api, { earlyAccess: true });
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop');
    const account = await emulator.createAccount();
    await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key })
      .expect(200);
    const row = (await api.knex(TABLES.accounts).where({ external_id: account.id, environment_id: client.environmentId }).first('id')) as {
      id: string;
    };
    const warning = { code: 'test_clocks_unreadable', message: 'objects attached to test clocks were not loaded' };
    // As the loader writes it (refreshProgress): the collection's latest run, with that run's warnings.
    await api.knex(TABLES.accountStates).insert({
      account_id: row.id,
      environment_id: client.environmentId,
      status: 'live',
      progress: {
        c1: { table: 'stripe_customers', resource_type: 'customers', status: 'completed', rows_written: 3, warnings: [warning] },
      },
    });
    const res = await get(client, `/accounts/stripe/${account.id}`).expect(200);
    expect(res.body.account).toMatchObject({
      status: 'live',
      status_reason: null,
      collections: [{ resource: 'customers', table: 'stripe_customers', status: 'live', rows_loaded: 3, warnings: [warning] }],
    });
  });
});
