import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;
let portal: AdminPortal;

interface Page {
  results: { id: string; properties: Record<string, string | null>; archived: boolean; archivedAt?: string; updatedAt: string }[];
  paging?: { next: { after: string; link: string } };
}

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  portal = await emulator.createPortal({ objects: { contacts: 25, companies: 3 } });
});

afterAll(async () => {
  await emulator.close();
});

const list = async (query: string) => {
  const result = await emulator.call('GET', `/crm/v3/objects/contacts${query}`, { token: portal.service_key });
  expect(result.status).toBe(200);
  return result.body as Page;
};

describe('GET /crm/v3/objects/{objectType}', () => {
  it('pages every record once, in id order, through paging.next.after', async () => {
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await list(`?limit=10${after ? `&after=${after}` : ''}`);
      seen.push(...page.results.map((r) => r.id));
      if (!page.paging) break;
      expect(page.paging.next.link).toContain(`after=${page.paging.next.after}`);
      after = page.paging.next.after;
    }
    expect(seen).toHaveLength(25);
    expect(seen).toEqual([...seen].sort((a, b) => Number(a) - Number(b)));
    expect(new Set(seen).size).toBe(25);
  });

  it('answers the default properties, or the ones asked for with the id and dates', async () => {
    const plain = await list('?limit=1');
    expect(Object.keys(plain.results[0]?.properties ?? {}).sort()).toEqual([
      'createdate',
      'email',
      'firstname',
      'hs_object_id',
      'lastmodifieddate',
      'lastname',
    ]);
    const chosen = await list('?limit=1&properties=phone,lifecyclestage,not_a_property');
    expect(Object.keys(chosen.results[0]?.properties ?? {}).sort()).toEqual([
      'createdate',
      'hs_object_id',
      'lastmodifieddate',
      'lifecyclestage',
      'phone',
    ]);
  });

  it('refuses a limit over 100 with a 400 VALIDATION_ERROR', async () => {
    const result = await emulator.call('GET', '/crm/v3/objects/contacts?limit=101', { token: portal.service_key });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      status: 'error',
      category: 'VALIDATION_ERROR',
      correlationId: expect.any(String),
      message: 'limit must be an integer from 1 to 100',
    });
  });

  it('archives without moving the modification date, lists it with archived=true only, and restores it', async () => {
    const [first] = (await list('?limit=1')).results;
    if (!first) throw new Error('no contact');
    expect((await emulator.call('DELETE', `/crm/v3/objects/contacts/${first.id}`, { token: portal.service_key })).status).toBe(204);
    expect((await list('?limit=100')).results.map((r) => r.id)).not.toContain(first.id);
    const archived = await list('?archived=true');
    expect(archived.results).toEqual([
      expect.objectContaining({ id: first.id, archived: true, archivedAt: expect.any(String), updatedAt: first.updatedAt }),
    ]);
    expect(archived.results[0]?.properties.lastmodifieddate).toBe(first.properties.lastmodifieddate);

    const restored = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/objects/contacts/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await list('?limit=1')).results[0]).toMatchObject({ id: first.id, archived: false });
    expect((await list('?archived=true')).results).toEqual([]);
  });

  it('lists associated ids with associations=companies', async () => {
    const page = await list('?limit=2&associations=companies');
    expect(page.results[0]).toMatchObject({
      associations: { companies: { results: [{ id: expect.stringMatching(/^\d+$/), type: 'contact_to_company' }] } },
    });
  });
});

describe('POST /crm/v3/objects/{objectType}/batch/read', () => {
  it('reads many ids at once and reports the missing ones in a 207', async () => {
    const ids = (await list('?limit=3')).results.map((r) => r.id);
    const ok = await emulator.call('POST', '/crm/v3/objects/contacts/batch/read', {
      token: portal.service_key,
      body: { inputs: ids.map((id) => ({ id })), properties: ['email'] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'COMPLETE', results: ids.map((id) => expect.objectContaining({ id })) });

    const partial = await emulator.call('POST', '/crm/v3/objects/contacts/batch/read', {
      token: portal.service_key,
      body: { inputs: [{ id: ids[0] }, { id: '999' }], properties: [] },
    });
    expect(partial.status).toBe(207);
    expect(partial.body).toMatchObject({
      status: 'COMPLETE',
      results: [expect.objectContaining({ id: ids[0] })],
      numErrors: 1,
      errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', context: { ids: ['999'] } }],
    });
  });

  it('refuses more than 100 inputs', async () => {
    const result = await emulator.call('POST', '/crm/v3/objects/contacts/batch/read', {
      token: portal.service_key,
      body: { inputs: Array.from({ length: 101 }, (_, i) => ({ id: String(i) })), properties: [] },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ category: 'VALIDATION_ERROR', message: "'inputs' must contain less than or equal to 100 items" });
  });
});
