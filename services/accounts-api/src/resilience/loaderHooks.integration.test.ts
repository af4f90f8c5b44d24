import request from 'supertest';
import type { Account } from '@datasync/accounts';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { insertSource, newClient } from '../testing/fixtures';

// The seams the loader issues fill in: each is called after its change committed, once per change.

let emulator: TestEmulator;
let api: ApiTestApp;
const calls: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({
    providerBaseUrl: emulator.baseUrl,
    hooks: {
      afterAccountCommitted: async (account: Account, change) =>
        void calls.push(`committed ${account.identifier} created=${change.created}`),
      afterAccountToggled: async (account: Account) => void calls.push(`toggled ${account.identifier} active=${account.active}`),
      purgeAccount: async (account: Account) => void calls.push(`purge ${account.identifier} deleting=${account.deletingAt !== null}`),
    },
  });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

it('calls the loader hooks after registration, toggles that change something, and delete', async () => {
  const client = await newClient(api, { earlyAccess: true });
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const account = await emulator.createAccount();
  const as = (req: request.Test) => req.set('Authorization', client.authorization);
  await as(request(api.baseUrl).post('/accounts'))
    .send({ sourceType: 'stripe', credential: account.secret_key, identifier: 'hooked' })
    .expect(200);
  await as(request(api.baseUrl).post('/accounts'))
    .send({ sourceType: 'stripe', credential: account.secret_key, identifier: 'hooked' })
    .expect(200);
  await as(request(api.baseUrl).post('/accounts')).send({ sourceType: 'stripe', credential: 'sk_test_00000000000000' }).expect(400);
  await as(request(api.baseUrl).put('/accounts/stripe/hooked')).send({ active: false }).expect(200);
  await as(request(api.baseUrl).put('/accounts/stripe/hooked')).send({ active: false }).expect(200);
  await as(request(api.baseUrl).delete('/accounts/stripe/hooked')).expect(200);
  expect(calls).toEqual([
    'committed hooked created=true',
    'committed hooked created=false',
    'toggled hooked active=false',
    'purge hooked deleting=true',
  ]);
});
