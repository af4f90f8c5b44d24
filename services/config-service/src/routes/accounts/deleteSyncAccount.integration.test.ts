import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid, startEmulator, type TestEmulator } from '@datasync/testing';
import { createPostgresDestination, type PostgresDestination } from '../../testing/destinationDatabases';
import { UNAUTHENTICATED, newCaller } from '../../testing/resourceApp';
import { asCaller, buildAccountsApp, enableEarlyAccess, syncWithAccount, type AccountsTestApp } from '../../testing/accountsApp';

const knex = getTestKnex();
let emulator: TestEmulator;
let pg: PostgresDestination;
let quick: AccountsTestApp;
let slow: AccountsTestApp;
let releaseSlowPurge: () => void = () => undefined;

beforeAll(async () => {
  [emulator, pg] = await Promise.all([startEmulator(), createPostgresDestination()]);
  quick = buildAccountsApp(knex, emulator);
  // A purge that does not finish within the wait: the delete answers that it goes on.
  const slowPurge = new Promise<void>((resolve) => {
    releaseSlowPurge = resolve;
  });
  slow = buildAccountsApp(knex, emulator, { deleteWaitMs: 200, hooks: { purgeAccount: () => slowPurge } });
});
afterAll(async () => {
  releaseSlowPurge();
  await Promise.all([emulator?.stop(), pg?.drop()]);
  await closeTestKnex();
});

describe('DELETE /api/v1/syncs/{name}/accounts/{identifier}', () => {
  it('needs authentication', async () => {
    expect((await request(quick.app).delete('/api/v1/syncs/demo_sync/accounts/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses an invalid sync name', async () => {
    const caller = await newCaller(quick.app);
    const res = await asCaller(quick.app, caller).delete('/syncs/sync1/accounts/x').expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name may contain only lowercase letters and underscores'));
  });

  it('is a beta call: refused without early access, and the account stays', async () => {
    const caller = await newCaller(quick.app);
    const { fixture } = await syncWithAccount(quick, caller, emulator, pg.connectionString, 'keep_me');
    const res = await asCaller(quick.app, caller).delete(`/syncs/${fixture.sync}/accounts/keep_me`).expect(403);
    expect(res.body).toMatchObject({ type: 'permission_error', code: 'feature_not_enabled' });
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'keep_me' }).first()).toMatchObject({
      deleting_at: null,
    });
  });

  it('deletes the account once purged, then it is gone', async () => {
    const caller = await newCaller(quick.app);
    await enableEarlyAccess(quick.app, caller);
    const { fixture, account } = await syncWithAccount(quick, caller, emulator, pg.connectionString, 'gone_soon');
    const api = asCaller(quick.app, caller);
    const res = await api.delete(`/syncs/${fixture.sync}/accounts/gone_soon`).expect(200);
    expect(res.body).toEqual({ deleted: true, account: { external_id: account.id, identifier: 'gone_soon' } });
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'gone_soon' }).first()).toBeUndefined();
    expect((await api.get(`/syncs/${fixture.sync}/accounts`).expect(200)).body.data).toEqual([]);
    await api.delete(`/syncs/${fixture.sync}/accounts/gone_soon`).expect(404);
  });

  it('answers 202 while a slow purge goes on, and the account lists as deleting', async () => {
    const caller = await newCaller(slow.app);
    await enableEarlyAccess(slow.app, caller);
    const { fixture, account } = await syncWithAccount(slow, caller, emulator, pg.connectionString, 'slow_one');
    const api = asCaller(slow.app, caller);
    const res = await api.delete(`/syncs/${fixture.sync}/accounts/slow_one`).expect(202);
    expect(res.body).toEqual({ deleted: false, status: 'deleting', account: { external_id: account.id, identifier: 'slow_one' } });
    const listed = await api.get(`/syncs/${fixture.sync}/accounts`).expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ identifier: 'slow_one', status: 'deleting' })]);
  });
});
