import request from 'supertest';
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

async function registerMany(client: TestClient, identifiers: string[]) {
  for (const identifier of identifiers) {
    const account = await emulator.createAccount();
    await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key, identifier })
      .expect(200);
  }
}

describe('GET /accounts', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).get('/accounts').expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('pages through the accounts in identifier order with next_cursor', async () => {
    const client = await newClient(api);
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    await registerMany(client, ['c-3', 'a-1', 'e-5', 'b-2', 'd-4']);
    const first = await get(client, '/accounts?limit=2').expect(200);
    expect(first.body.data.map((a: { identifier: string }) => a.identifier)).toEqual(['a-1', 'b-2']);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: 'stripe/b-2' });
    const second = await get(client, `/accounts?limit=2&starting_after=${first.body.next_cursor}`).expect(200);
    expect(second.body.data.map((a: { identifier: string }) => a.identifier)).toEqual(['c-3', 'd-4']);
    const last = await get(client, `/accounts?limit=2&starting_after=${second.body.next_cursor}`).expect(200);
    expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.body.data.map((a: { identifier: string }) => a.identifier)).toEqual(['e-5']);
  });

  it('filters by source_type, active and status', async () => {
    const client = await newClient(api, { earlyAccess: true });
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    await registerMany(client, ['one', 'two', 'three']);
    await request(api.baseUrl).put('/accounts/stripe/two').set('Authorization', client.authorization).send({ active: false }).expect(200);
    const ids = async (query: string) =>
      ((await get(client, `/accounts${query}`).expect(200)).body.data as { identifier: string }[]).map((a) => a.identifier);
    expect(await ids('?active=false')).toEqual(['two']);
    expect(await ids('?active=true&source_type=stripe')).toEqual(['one', 'three']);
    expect(await ids('?status=paused')).toEqual(['two']);
    expect(await ids('?status=pending')).toEqual(['one', 'three']);
    expect(await ids('?status=live')).toEqual([]);
  });

  it('answers 400 naming every bad query parameter', async () => {
    const client = await newClient(api);
    const res = await get(client, '/accounts?limit=0&starting_after=nope&status=happy&color=red').expect(400);
    expect(res.body.errors).toEqual([
      { param: 'limit', message: 'limit must be greater than or equal to 1' },
      { param: 'starting_after', message: 'starting_after must be the next_cursor of the previous page (source_type/identifier)' },
      { param: 'status', message: 'status must be one of: pending, idle, loading, live, error, paused, deleting' },
      { param: 'color', message: 'color is not allowed' },
    ]);
  });
});
