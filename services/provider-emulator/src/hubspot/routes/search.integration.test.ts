import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;

interface SearchPage {
  total: number;
  results: { id: string; properties: Record<string, string | null>; updatedAt: string }[];
  paging?: { next: { after: string } };
}

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
});

afterAll(async () => {
  await emulator.close();
});

const search = async (portal: AdminPortal, type: string, body: unknown) =>
  emulator.call('POST', `/crm/v3/objects/${type}/search`, { token: portal.service_key, body });
const page = async (portal: AdminPortal, type: string, body: unknown) => {
  const result = await search(portal, type, body);
  expect(result.status).toBe(200);
  return result.body as SearchPage;
};
const advance = (portal: AdminPortal, seconds: number) =>
  emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { advance_seconds: seconds } });
const admin = (portal: AdminPortal, path: string, body: unknown) =>
  emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}${path}`, { body });

describe('POST /crm/v3/objects/{objectType}/search', () => {
  it('filters on the modification date (lastmodifieddate for contacts, hs_lastmodifieddate for the rest), sorts, pages by offset', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 30, deals: 30 }, history_days: 30 });
    const all = await page(portal, 'contacts', {
      limit: 200,
      sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
      properties: ['lastmodifieddate'],
    });
    expect(all.total).toBe(30);
    const middle = all.results[14]?.properties.lastmodifieddate ?? '';
    const filter = (property: string) => ({
      filterGroups: [{ filters: [{ propertyName: property, operator: 'GT', value: String(Date.parse(middle)) }] }],
      sorts: [{ propertyName: property, direction: 'DESCENDING' }],
      limit: 10,
    });
    const first = await page(portal, 'contacts', filter('lastmodifieddate'));
    expect(first.total).toBe(15);
    expect(first.paging?.next.after).toBe('10');
    const second = await page(portal, 'contacts', { ...filter('lastmodifieddate'), after: first.paging?.next.after });
    expect(second.results).toHaveLength(5);
    expect(second.paging).toBeUndefined();
    const dates = [...first.results, ...second.results].map((r) => Date.parse(r.properties.lastmodifieddate ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates.every((d) => d > Date.parse(middle))).toBe(true);

    const deals = await page(portal, 'deals', {
      filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'GTE', value: middle }] }],
      limit: 1,
    });
    expect(deals.total).toBeGreaterThan(0);
    expect(deals.results[0]?.properties).toHaveProperty('hs_lastmodifieddate');
  });

  it('refuses a limit over 200, more than 5 filter groups or a second sort, naming each problem', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const filters = { filters: [{ propertyName: 'email', operator: 'HAS_PROPERTY' }] };
    const result = await search(portal, 'contacts', { limit: 201, filterGroups: Array(6).fill(filters), sorts: ['email', 'firstname'] });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      status: 'error',
      category: 'VALIDATION_ERROR',
      correlationId: expect.any(String),
      message:
        "'filterGroups' must contain less than or equal to 5 items; 'sorts' must contain less than or equal to 1 items; 'limit' must be less than or equal to 200",
    });
  });

  it('answers 400 when paging reaches 10,000 results, while total counts them all', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 10_050 } });
    const near = await page(portal, 'contacts', { limit: 200, after: '9900' });
    expect(near.total).toBe(10_050);
    expect(near.results).toHaveLength(100);
    expect(near.paging?.next.after).toBe('10000');
    const beyond = await search(portal, 'contacts', { limit: 200, after: '10000' });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });

  it('sees a change only after the indexing lag: a new record is missing, an updated one shows its old values', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, search_lag_ms: 5_000 });
    // Held still, so that a slow machine cannot outlast the lag on its own.
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { frozen: true } });
    const [existing] = (await page(portal, 'contacts', { properties: ['firstname'] })).results;
    const created = await admin(portal, '/objects/contacts', { properties: { firstname: 'Late', email: 'late@example.com' } });
    expect(created.status).toBe(201);
    await admin(portal, `/objects/contacts/${existing?.id}`, { properties: { firstname: 'Renamed' } });

    const before = await page(portal, 'contacts', { properties: ['firstname'] });
    expect(before.results.map((r) => r.properties.firstname)).toEqual([existing?.properties.firstname]);
    // The list endpoint reads the database, not the index: it has both already.
    const listed = await emulator.call('GET', '/crm/v3/objects/contacts?properties=firstname', { token: portal.service_key });
    expect((listed.body as SearchPage).results.map((r) => r.properties.firstname)).toEqual(['Renamed', 'Late']);

    await advance(portal, 5);
    const after = await page(portal, 'contacts', { properties: ['firstname'] });
    expect(after.results.map((r) => r.properties.firstname)).toEqual(['Renamed', 'Late']);
  });

  it('gives every record of a bulk touch the same modification date (HubSpot’s month-end batch updates)', async () => {
    const portal = await emulator.createPortal({ objects: { companies: 12 } });
    await advance(portal, 60);
    const touched = await admin(portal, '/objects/companies/touch', { count: 10 });
    expect(touched.body).toEqual({ touched: 10, at: expect.any(String) });
    const { at } = touched.body as { at: string };
    const same = await page(portal, 'companies', {
      filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'EQ', value: at }] }],
      limit: 100,
    });
    expect(same.total).toBe(10);
    expect(new Set(same.results.map((r) => r.updatedAt))).toEqual(new Set([at]));
  });

  it('leaves archived records out', async () => {
    const portal = await emulator.createPortal({ objects: { tickets: 2 } });
    const [first] = (await page(portal, 'tickets', {})).results;
    await emulator.call('DELETE', `/crm/v3/objects/tickets/${first?.id}`, { token: portal.service_key });
    expect((await page(portal, 'tickets', {})).total).toBe(1);
  });
});
