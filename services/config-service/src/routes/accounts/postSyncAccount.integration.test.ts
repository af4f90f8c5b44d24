import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
import { getTestKnex } from '@datasync/testing';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, newCaller } from '../../testing/resourceApp';
import { syncAccountSchema } from './syncAccounts.schemas';
import { asCaller, buildAccountsApp, type AccountsTestApp } from '../../testing/accountsApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: AccountsTestApp;

beforeAll(async () => {
  t = buildAccountsApp(knex, world.emulator);
});

describe('POST /api/v1/syncs/{name}/accounts', () => {
  it('needs authentication', async () => {
    const res = await request(t.app).post('/api/v1/syncs/demo_sync/accounts').send({ credential: 'sk_test_x' }).expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('needs the CSRF token from a dashboard session', async () => {
    const caller = await newCaller(t.app);
    const res = await caller.user.agent.post('/api/v1/syncs/demo_sync/accounts').send({ credential: 'sk_test_x' }).expect(403);
    expect(res.body).toMatchObject({ type: 'permission_error', code: 'csrf_token_invalid' });
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await asCaller(t.app, caller).post('/syncs/Bad-Name/accounts', { identifier: '-x', extra: 1 }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name may contain only lowercase letters and underscores; credential is required; identifier is invalid: ' +
        'an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit; extra is not allowed',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters and underscores' },
        { param: 'credential', message: 'credential is required' },
        {
          param: 'identifier',
          message:
            'identifier is invalid: an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit',
        },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
  });

  it('refuses a credential that is neither a key nor an account id, before asking the provider', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await asCaller(t.app, caller).post(`/syncs/${fixture.sync}/accounts`, { credential: 'hunter2' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'credential',
      message:
        'credential must be the account’s secret key (sk_…), a restricted key (rk_…), or the acct_… id of an account connected to the source’s app.',
    });
  });

  it("registers the account under the sync's source, sealed, and says so once", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const account = await world.emulator.createAccount();
    const api = asCaller(t.app, caller);
    const res = await api.post(`/syncs/${fixture.sync}/accounts`, { credential: account.secret_key, identifier: 'acme_1' }).expect(200);
    expect(syncAccountSchema.validate(res.body.account).error).toBeUndefined();
    expect(res.body).toEqual({
      already_existed: false,
      account: {
        external_id: account.id,
        identifier: 'acme_1',
        source: fixture.source,
        active: true,
        status: expect.any(String),
        status_reason: null,
        last_synced_at: null,
        created_at: expect.any(String),
        collections: [],
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(account.secret_key);
    const row = await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'acme_1' }).first();
    const source = await knex(TABLES.sources).where({ environment_id: caller.environmentId, name: fixture.source }).first();
    expect(row).toMatchObject({
      source_id: source.id,
      source_type: 'stripe',
      external_id: account.id,
      credential_kind: 'secret_key',
      active: true,
    });
    expect(row.credential_secret).not.toContain(account.secret_key);
    expect(t.resources.secretBox.open(row.credential_secret, caller.environmentId, sealedPlace('accountCredential', row.id))).toBe(
      account.secret_key,
    );
    const again = await api.post(`/syncs/${fixture.sync}/accounts`, { credential: account.secret_key, identifier: 'acme_1' }).expect(200);
    expect(again.body.already_existed).toBe(true);
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it("answers the provider's refusal of a wrong key in its own words and registers nothing", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await asCaller(t.app, caller)
      .post(`/syncs/${fixture.sync}/accounts`, { credential: 'sk_test_doesnotexist00000000' })
      .expect(400);
    expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'invalid_credential', param: 'credential' });
    expect(res.body.message).toMatch(/^Stripe rejected the key: /);
    expect(await knex(TABLES.accounts).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it("answers 404 for another environment's sync", async () => {
    const owner = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, owner, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await asCaller(t.app, await newCaller(t.app))
      .post(`/syncs/${fixture.sync}/accounts`, { credential: 'sk_test_abcdefgh1234' })
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
  });
});
