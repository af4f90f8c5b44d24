import request from 'supertest';
import { getTestKnex } from '@datasync/testing';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, newCaller } from '../../testing/resourceApp';
import { asCaller, buildAccountsApp, syncWithAccount, type AccountsTestApp } from '../../testing/accountsApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: AccountsTestApp;
const verified: string[] = [];

beforeAll(async () => {
  t = buildAccountsApp(knex, world.emulator, {
    hooks: {
      verifyAccount: async (account) => {
        verified.push(account.identifier);
      },
    },
  });
});

describe('POST /api/v1/syncs/{name}/accounts/{identifier}/verify', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).post('/api/v1/syncs/demo_sync/accounts/x/verify').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('answers 400 for a malformed identifier and 404 for an account not under the sync, asking for nothing', async () => {
    const caller = await newCaller(t.app);
    const { fixture } = await syncWithAccount(t, caller, world.emulator, world.pg.connectionString, 'mine_1');
    const bad = await asCaller(t.app, caller).post(`/syncs/${fixture.sync}/accounts/_bad/verify`).expect(400);
    expect(bad.body).toMatchObject({ type: 'invalid_request_error', param: 'identifier' });
    const missing = await asCaller(t.app, caller).post(`/syncs/${fixture.sync}/accounts/nobody/verify`).expect(404);
    expect(missing.body).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param: 'identifier' });
    expect(verified).not.toContain('nobody');
  });

  it('answers 202 with the account (collections carry their verification fields) and asks the loader to verify it', async () => {
    const caller = await newCaller(t.app);
    const { fixture } = await syncWithAccount(t, caller, world.emulator, world.pg.connectionString, 'verify_me');
    const res = await asCaller(t.app, caller).post(`/syncs/${fixture.sync}/accounts/verify_me/verify`).expect(202);
    expect(res.body.account).toMatchObject({ identifier: 'verify_me', active: true });
    expect(verified).toEqual(['verify_me']);
  });
});
