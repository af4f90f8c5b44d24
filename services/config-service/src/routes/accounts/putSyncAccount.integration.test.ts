import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex } from '@datasync/testing';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, newCaller } from '../../testing/resourceApp';
import { asCaller, buildAccountsApp, enableEarlyAccess, syncWithAccount, type AccountsTestApp } from '../../testing/accountsApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: AccountsTestApp;
const toggled: string[] = [];

beforeAll(async () => {
  t = buildAccountsApp(knex, world.emulator, {
    hooks: {
      afterAccountToggled: async (account) => {
        toggled.push(`${account.identifier}:${account.active}`);
      },
    },
  });
});

describe('PUT /api/v1/syncs/{name}/accounts/{identifier}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).put('/api/v1/syncs/demo_sync/accounts/x').send({ active: false }).expect(401)).body).toEqual(
      UNAUTHENTICATED,
    );
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await asCaller(t.app, caller).put('/syncs/demo_sync/accounts/_bad', { active: 'maybe' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'identifier',
      message:
        'identifier is invalid: an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit; active must be a boolean',
      errors: [
        {
          param: 'identifier',
          message:
            'identifier is invalid: an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit',
        },
        { param: 'active', message: 'active must be a boolean' },
      ],
    });
  });

  it('is a beta call: refused without early access, and nothing changes', async () => {
    const caller = await newCaller(t.app);
    const { fixture } = await syncWithAccount(t, caller, world.emulator, world.pg.connectionString, 'beta_1');
    const res = await asCaller(t.app, caller).put(`/syncs/${fixture.sync}/accounts/beta_1`, { active: false }).expect(403);
    expect(res.body).toEqual({
      type: 'permission_error',
      code: 'feature_not_enabled',
      message: 'Pausing, resuming and deleting accounts are beta features: turn on early access for this environment in Settings first.',
    });
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'beta_1' }).first()).toMatchObject({
      active: true,
    });
  });

  it('pauses and resumes, answering the account as it now is', async () => {
    const caller = await newCaller(t.app);
    await enableEarlyAccess(t.app, caller);
    const { fixture } = await syncWithAccount(t, caller, world.emulator, world.pg.connectionString, 'toggle_me');
    const api = asCaller(t.app, caller);
    const paused = await api.put(`/syncs/${fixture.sync}/accounts/toggle_me`, { active: false }).expect(200);
    expect(paused.body.account).toMatchObject({ identifier: 'toggle_me', active: false, status: 'paused' });
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'toggle_me' }).first()).toMatchObject({
      active: false,
    });
    const resumed = await api.put(`/syncs/${fixture.sync}/accounts/toggle_me`, { active: true }).expect(200);
    expect(resumed.body.account).toMatchObject({ identifier: 'toggle_me', active: true });
    expect(resumed.body.account.status).not.toBe('paused');
    expect(toggled).toEqual(expect.arrayContaining(['toggle_me:false', 'toggle_me:true']));
  });

  it('answers 404 for an account of another source, even of the same environment', async () => {
    const caller = await newCaller(t.app);
    await enableEarlyAccess(t.app, caller);
    const { fixture } = await syncWithAccount(t, caller, world.emulator, world.pg.connectionString, 'elsewhere');
    const other = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'other',
    });
    const res = await asCaller(t.app, caller).put(`/syncs/${other.sync}/accounts/elsewhere`, { active: false }).expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'identifier',
      message: `No account "elsewhere" is registered under the source ${other.source} of the sync ${other.sync}.`,
    });
    expect((await asCaller(t.app, caller).get(`/syncs/${fixture.sync}/accounts`).expect(200)).body.data[0]).toMatchObject({ active: true });
  });
});
