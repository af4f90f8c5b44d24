import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;
let portal: AdminPortal;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  portal = await emulator.createPortal({ objects: { contacts: 5, companies: 2 } });
});

afterAll(async () => {
  await emulator.close();
});

const ids = async () => {
  const result = await emulator.call('GET', '/crm/v3/objects/contacts?limit=100', { token: portal.service_key });
  return (result.body as { results: { id: string }[] }).results.map((r) => r.id);
};
const search = async () =>
  (
    (await emulator.call('POST', '/crm/v3/objects/contacts/search', { token: portal.service_key, body: { limit: 100 } })).body as {
      total: number;
      results: { id: string }[];
    }
  ).results.map((r) => r.id);

describe('merges', () => {
  it('folds the merged record into the primary: gone from lists and search, its id reads as the primary', async () => {
    const [primary, merged] = await ids();
    if (!primary || !merged) throw new Error('too few contacts');
    const result = await emulator.call('POST', '/crm/v3/objects/contacts/merge', {
      token: portal.service_key,
      body: { primaryObjectId: primary, objectIdToMerge: merged },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: primary, properties: { hs_object_id: primary } });
    expect(await ids()).not.toContain(merged);
    expect(await search()).not.toContain(merged);
    const read = await emulator.call('GET', `/crm/v3/objects/contacts/${merged}?properties=hs_merged_object_ids`, {
      token: portal.service_key,
    });
    expect(read.body).toMatchObject({ id: primary, properties: { hs_merged_object_ids: merged } });
    const batch = await emulator.call('POST', '/crm/v3/objects/contacts/batch/read', {
      token: portal.service_key,
      body: { inputs: [{ id: merged }], properties: [] },
    });
    expect(batch.body).toMatchObject({ results: [{ id: primary }] });
    // Not among the archived either: a merged record is not archived.
    const archived = await emulator.call('GET', '/crm/v3/objects/contacts?archived=true', { token: portal.service_key });
    expect((archived.body as { results: unknown[] }).results).toEqual([]);
  });

  it('refuses to merge an unknown id with 404 and changes nothing', async () => {
    const before = await ids();
    const result = await emulator.call('POST', '/crm/v3/objects/contacts/merge', {
      token: portal.service_key,
      body: { primaryObjectId: before[0], objectIdToMerge: '42' },
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND', context: { id: ['42'] } });
    expect(await ids()).toEqual(before);
  });
});

describe('GDPR delete', () => {
  it('removes the record for good: not listed, not archived, not readable, not searchable', async () => {
    const [, , victim] = await ids();
    if (!victim) throw new Error('too few contacts');
    const result = await emulator.call('POST', '/crm/v3/objects/contacts/gdpr-delete', {
      token: portal.service_key,
      body: { objectId: victim },
    });
    expect(result.status).toBe(204);
    expect(await ids()).not.toContain(victim);
    expect(await search()).not.toContain(victim);
    expect((await emulator.call('GET', `/crm/v3/objects/contacts/${victim}`, { token: portal.service_key })).status).toBe(404);
    expect((await emulator.call('GET', `/crm/v3/objects/contacts/${victim}?archived=true`, { token: portal.service_key })).status).toBe(
      404,
    );
    const associations = await emulator.call('GET', `/crm/v4/objects/contacts/${victim}/associations/companies`, {
      token: portal.service_key,
    });
    expect(associations.status).toBe(404);
  });

  it('finds a contact by email with idProperty', async () => {
    const [, , target] = await ids();
    const read = await emulator.call('GET', `/crm/v3/objects/contacts/${target}?properties=email`, { token: portal.service_key });
    const { email } = (read.body as { properties: { email: string } }).properties;
    const result = await emulator.call('POST', '/crm/v3/objects/contacts/gdpr-delete', {
      token: portal.service_key,
      body: { objectId: email, idProperty: 'email' },
    });
    expect(result.status).toBe(204);
    expect(await ids()).not.toContain(target);
  });
});
