import { Client } from '@hubspot/api-client';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts';
import { startTestHubspotEmulator, type AdminApp, type AdminPortal, type TestHubspotEmulator } from './testing/testHubspotEmulator';

// HubSpot's own Node SDK, its basePath on the emulator: every endpoint the emulator models must
// parse into the SDK's typed models (its ObjectSerializer turns dates into Date, and so on).
let emulator: TestHubspotEmulator;
let portal: AdminPortal;
let app: AdminApp;
let sdk: Client;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  portal = await emulator.createPortal({ objects: { contacts: 12, companies: 3, deals: 4, tickets: 2, products: 2, line_items: 4 } });
  app = await emulator.createApp();
  sdk = emulator.sdk(portal.service_key);
});

afterAll(async () => {
  await emulator.close();
});

describe('the official @hubspot/api-client against the emulator', () => {
  it('pages every CRM object type with getPage into SimplePublicObject models', async () => {
    const first = await sdk.crm.contacts.basicApi.getPage(5, undefined, ['email'], undefined, ['companies']);
    expect(first.results).toHaveLength(5);
    expect(first.results[0]?.createdAt).toBeInstanceOf(Date);
    expect(first.results[0]?.properties.email).toContain('@');
    expect(first.results[0]?.associations?.companies?.results[0]?.id).toMatch(/^\d+$/);
    const second = await sdk.crm.contacts.basicApi.getPage(5, first.paging?.next?.after);
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id);
    for (const api of [sdk.crm.companies, sdk.crm.deals, sdk.crm.tickets, sdk.crm.products, sdk.crm.lineItems]) {
      const page = await api.basicApi.getPage(100);
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results[0]?.updatedAt).toBeInstanceOf(Date);
    }
    const one = await sdk.crm.contacts.basicApi.getById(first.results[0]?.id ?? '', ['firstname']);
    expect(one.properties.firstname).toEqual(expect.any(String));
  });

  it('batch-reads, searches, archives, lists archived, merges and GDPR-deletes', async () => {
    const ids = (await sdk.crm.contacts.basicApi.getPage(6)).results.map((r) => r.id);
    const batch = await sdk.crm.contacts.batchApi.read({
      inputs: ids.slice(0, 3).map((id) => ({ id })),
      properties: ['email'],
      propertiesWithHistory: [],
    });
    expect(batch.results.map((r) => r.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(batch.completedAt).toBeInstanceOf(Date);

    const search = await sdk.crm.contacts.searchApi.doSearch({
      filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: FilterOperatorEnum.Gte, value: '0' }] }],
      sorts: ['lastmodifieddate'],
      properties: ['email', 'lastmodifieddate'],
      limit: 4,
      after: '0',
    });
    expect(search.total).toBe(12);
    expect(search.results).toHaveLength(4);
    expect(search.paging?.next?.after).toBe('4');

    await sdk.crm.contacts.basicApi.archive(ids[0] ?? '');
    const archived = await sdk.crm.contacts.basicApi.getPage(10, undefined, undefined, undefined, undefined, true);
    expect(archived.results.map((r) => [r.id, r.archived, r.archivedAt instanceof Date])).toEqual([[ids[0], true, true]]);

    const merged = await sdk.crm.contacts.basicApi.merge({ primaryObjectId: ids[1] ?? '', objectIdToMerge: ids[2] ?? '' });
    expect(merged.id).toBe(ids[1]);
    await sdk.crm.contacts.basicApi.purge({ objectId: ids[3] ?? '' });
    await expect(sdk.crm.contacts.basicApi.getById(ids[3] ?? '')).rejects.toMatchObject({ code: 404 });
  });

  it('reads owners, properties, associations with labels and association labels', async () => {
    const owners = await sdk.crm.owners.ownersApi.getPage();
    expect(owners.results[0]?.createdAt).toBeInstanceOf(Date);
    const properties = await sdk.crm.properties.coreApi.getAll('deals');
    expect(properties.results.map((p) => p.name)).toEqual(expect.arrayContaining(['dealname', 'amount', 'hs_lastmodifieddate']));
    const deal = (await sdk.crm.deals.basicApi.getPage(1)).results[0]?.id ?? '';
    const associated = await sdk.crm.associations.v4.basicApi.getPage('deals', deal, 'companies');
    expect(associated.results[0]?.associationTypes.map((t) => t.label)).toEqual(expect.arrayContaining([null, 'Primary']));
    const batch = await sdk.crm.associations.v4.batchApi.getPage('deals', 'contacts', { inputs: [{ id: deal }] });
    expect(batch.results[0]?._from.id).toBe(deal);
    // HubSpot's JSON carries toObjectId as a number; the SDK's model types it string and passes it through.
    expect(String(batch.results[0]?.to[0]?.toObjectId)).toMatch(/^\d+$/);
    const labels = await sdk.crm.associations.v4.schema.definitionsApi.getAll('contacts', 'companies');
    expect(labels.results.map((l) => l.typeId)).toEqual([279, 1]);
  });

  it('runs the OAuth token calls and reads account details through apiRequest', async () => {
    const installed = await emulator.install(portal.portal_id, app.client_id);
    const oauth = new Client({ basePath: emulator.baseUrl });
    const redirectUri = 'https://example.com/callback';
    const consent = await emulator.call('POST', '/hubspot/oauth/authorize', {
      body: new URLSearchParams({
        client_id: app.client_id,
        redirect_uri: redirectUri,
        portal: String(portal.portal_id),
        decision: 'approve',
      }),
    });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchanged = await oauth.oauth.tokensApi.create('authorization_code', code, redirectUri, app.client_id, app.client_secret);
    expect(exchanged).toMatchObject({
      tokenType: 'bearer',
      expiresIn: 1800,
      refreshToken: expect.any(String),
      accessToken: expect.any(String),
    });
    const refreshed = await oauth.oauth.tokensApi.create(
      'refresh_token',
      undefined,
      undefined,
      app.client_id,
      app.client_secret,
      installed.refresh_token,
    );
    expect(refreshed.expiresIn).toBe(1800);
    const info = await oauth.oauth.accessTokensApi.get(refreshed.accessToken);
    expect(info.hubId).toBe(portal.portal_id);
    expect(info.appId).toBe(app.app_id);
    const refreshInfo = await oauth.oauth.refreshTokensApi.get(installed.refresh_token);
    expect(refreshInfo.clientId).toBe(app.client_id);

    const viaOAuth = new Client({ accessToken: refreshed.accessToken, basePath: emulator.baseUrl });
    const response = await viaOAuth.apiRequest({ method: 'GET', path: '/account-info/v3/details' });
    expect(await response.json()).toMatchObject({ portalId: portal.portal_id, timeZone: 'America/New_York' });
    await oauth.oauth.refreshTokensApi.archive(installed.refresh_token);
    await expect(oauth.oauth.refreshTokensApi.get(installed.refresh_token)).rejects.toMatchObject({ code: 404 });
  });

  it('surfaces a 429 with HubSpot’s policyName, which the SDK’s own retry logic reads', async () => {
    const limited = await emulator.createPortal({ objects: {}, burst_limit: 1 });
    await emulator.call('POST', `/_emulator/hubspot/portals/${limited.portal_id}/clock`, { body: { frozen: true } });
    const client = emulator.sdk(limited.service_key);
    await client.crm.contacts.basicApi.getPage();
    await expect(client.crm.contacts.basicApi.getPage()).rejects.toMatchObject({
      code: 429,
      body: { policyName: 'TEN_SECONDLY_ROLLING', errorType: 'RATE_LIMIT' },
    });
  });
});
