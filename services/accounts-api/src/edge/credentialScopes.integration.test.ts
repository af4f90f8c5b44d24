import request from 'supertest';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { newClient } from '../testing/fixtures';

let api: ApiTestApp;

beforeAll(async () => {
  api = await startApiTestApp();
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

describe('client credential scopes on the Accounts API', () => {
  it('accepts an Accounts API credential and an admin one alike', async () => {
    const [accounts, admin] = await Promise.all([newClient(api), newClient(api, { scope: 'admin' })]);
    await request(api.baseUrl).get('/accounts').set('Authorization', accounts.authorization).expect(200);
    await request(api.baseUrl).get('/accounts').set('Authorization', admin.authorization).expect(200);
  });
});
