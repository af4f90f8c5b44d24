import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex } from '@datasync/testing';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, newCaller } from '../../testing/resourceApp';
import { syncAccountListSchema } from './syncAccounts.schemas';
import { asCaller, buildAccountsApp, type AccountsTestApp } from '../../testing/accountsApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: AccountsTestApp;

beforeAll(async () => {
  t = buildAccountsApp(knex, world.emulator);
});

describe('GET /api/v1/syncs/{name}/accounts', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs/demo_sync/accounts').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a page size out of range and unknown parameters', async () => {
    const caller = await newCaller(t.app);
    const res = await asCaller(t.app, caller).get('/syncs/demo_sync/accounts?limit=500&status=live').expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'limit',
      message: 'limit must be less than or equal to 100; status is not allowed',
      errors: [
        { param: 'limit', message: 'limit must be less than or equal to 100' },
        { param: 'status', message: 'status is not allowed' },
      ],
    });
  });

  it("lists only the sync's own source's accounts, in identifier order, page by page", async () => {
    const caller = await newCaller(t.app);
    const api = asCaller(t.app, caller);
    const mine = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'mine',
    });
    const other = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'other',
    });
    const register = async (sync: string, identifier: string) =>
      api.post(`/syncs/${sync}/accounts`, { credential: (await world.emulator.createAccount()).secret_key, identifier }).expect(200);
    // Another Stripe source's accounts sort between this one's: the scan must skip them.
    await register(mine.sync, 'b_account');
    await register(other.sync, 'a_account');
    await register(other.sync, 'c_account');
    await register(mine.sync, 'd_account');

    const all = await api.get(`/syncs/${mine.sync}/accounts`).expect(200);
    expect(syncAccountListSchema.validate(all.body).error).toBeUndefined();
    expect(all.body.data.map((a: { identifier: string }) => a.identifier)).toEqual(['b_account', 'd_account']);
    expect(all.body.data.every((a: { source: string }) => a.source === mine.source)).toBe(true);
    expect(all.body.has_more).toBe(false);

    const first = await api.get(`/syncs/${mine.sync}/accounts?limit=1`).expect(200);
    expect(first.body).toMatchObject({ data: [{ identifier: 'b_account' }], has_more: true });
    const second = await api.get(`/syncs/${mine.sync}/accounts?limit=1&starting_after=b_account`).expect(200);
    expect(second.body).toMatchObject({ data: [{ identifier: 'd_account' }], has_more: false });

    const theirs = await api.get(`/syncs/${other.sync}/accounts`).expect(200);
    expect(theirs.body.data.map((a: { identifier: string }) => a.identifier)).toEqual(['a_account', 'c_account']);
  });

  it("reads only the sync's own source's accounts from Postgres, however many another source has", async () => {
    const caller = await newCaller(t.app);
    const api = asCaller(t.app, caller);
    const mine = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'mine',
    });
    const other = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'other',
    });
    await api
      .post(`/syncs/${other.sync}/accounts`, { credential: (await world.emulator.createAccount()).secret_key, identifier: 'a_0000' })
      .expect(200);
    // 250 more accounts of the other Stripe source, all sorting before this sync's one: a filter
    // applied after the read would go through every one of them to find it.
    const template = (await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'a_0000' }).first()) as {
      source_id: string;
      external_id: string;
    };
    await knex(TABLES.accounts).insert(
      Array.from({ length: 250 }, (_, i) => ({
        environment_id: caller.environmentId,
        source_id: template.source_id,
        source_type: 'stripe',
        identifier: `a_${String(i + 1).padStart(4, '0')}`,
        external_id: template.external_id,
        credential_kind: 'connected_account',
      })),
    );
    await api
      .post(`/syncs/${mine.sync}/accounts`, { credential: (await world.emulator.createAccount()).secret_key, identifier: 'b_account' })
      .expect(200);

    // Rows Postgres returns for the account reads (of this environment) while the page is built.
    let rowsRead = 0;
    const count = (response: unknown, query: { sql?: string; bindings?: readonly unknown[] }) => {
      if (query.sql?.includes('"accounts" as "a"') && query.bindings?.includes(caller.environmentId) && Array.isArray(response)) {
        rowsRead += response.length;
      }
    };
    knex.on('query-response', count);
    try {
      const page = await api.get(`/syncs/${mine.sync}/accounts?limit=1`).expect(200);
      expect(page.body).toMatchObject({ data: [{ identifier: 'b_account', source: mine.source }], has_more: false });
    } finally {
      knex.off('query-response', count);
    }
    // The page and the one row that says whether more follow, at most.
    expect(rowsRead).toBeGreaterThan(0);
    expect(rowsRead).toBeLessThanOrEqual(2);
  });

  it('answers a dashboard session, and 404 for a sync of another environment', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    expect((await caller.user.agent.get(`/api/v1/syncs/${fixture.sync}/accounts`).expect(200)).body).toEqual({ data: [], has_more: false });
    const res = await asCaller(t.app, await newCaller(t.app))
      .get(`/syncs/${fixture.sync}/accounts`)
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents the Accounts tab routes from their schemas', async () => {
    const res = await request(t.app).get('/api/v1/openapi.json').expect(200);
    expect(Object.keys(res.body.paths['/syncs/{name}/accounts'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(res.body.paths['/syncs/{name}/accounts/{identifier}'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(res.body.components.schemas.SyncAccount.required).toEqual(expect.arrayContaining(['identifier', 'status', 'collections']));
  });
});
