import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;
let portal: AdminPortal;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  portal = await emulator.createPortal({
    objects: { contacts: 4, companies: 2, deals: 3, line_items: 3, products: 2, tickets: 2 },
    owners: 2,
  });
});

afterAll(async () => {
  await emulator.close();
});

const get = (path: string) => emulator.call('GET', path, { token: portal.service_key });
const firstId = async (type: string) =>
  ((await get(`/crm/v3/objects/${type}?limit=1`)).body as { results: { id: string }[] }).results[0]?.id ?? '';

describe('owners', () => {
  it('lists the portal’s owners with HubSpot’s fields', async () => {
    const result = await get('/crm/v3/owners');
    expect(result.status).toBe(200);
    const { results } = result.body as { results: Record<string, unknown>[] };
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      email: expect.stringContaining('@'),
      type: 'PERSON',
      firstName: expect.any(String),
      lastName: expect.any(String),
      userId: expect.any(Number),
      userIdIncludingInactive: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      archived: false,
    });
  });
});

describe('properties', () => {
  it('lists HubSpot’s properties and a custom one defined for this portal only, which records then carry', async () => {
    const defined = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/properties/contacts`, {
      body: {
        name: 'favorite_color',
        label: 'Favorite color',
        type: 'enumeration',
        field_type: 'select',
        options: [{ label: 'Red', value: 'red' }],
      },
    });
    expect(defined.status).toBe(201);
    const { results } = (await get('/crm/v3/properties/contacts')).body as {
      results: { name: string; type: string; hubspotDefined: boolean; options: unknown[] }[];
    };
    expect(results.find((p) => p.name === 'email')).toMatchObject({ type: 'string', hubspotDefined: true });
    expect(results.find((p) => p.name === 'favorite_color')).toMatchObject({
      type: 'enumeration',
      hubspotDefined: false,
      options: [expect.objectContaining({ value: 'red' })],
    });

    const other = await emulator.createPortal({ objects: {} });
    const elsewhere = await emulator.call('GET', '/crm/v3/properties/contacts', { token: other.service_key });
    expect((elsewhere.body as { results: { name: string }[] }).results.map((p) => p.name)).not.toContain('favorite_color');

    const id = await firstId('contacts');
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/objects/contacts/${id}`, {
      body: { properties: { favorite_color: 'red' } },
    });
    const search = await emulator.call('POST', '/crm/v3/objects/contacts/search', {
      token: portal.service_key,
      body: {
        filterGroups: [{ filters: [{ propertyName: 'favorite_color', operator: 'EQ', value: 'red' }] }],
        properties: ['favorite_color'],
      },
    });
    expect(search.body).toMatchObject({ total: 1, results: [{ id, properties: { favorite_color: 'red' } }] });
  });

  it('refuses a field type that does not suit the type, and defines nothing', async () => {
    const result = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/properties/deals`, {
      body: { name: 'score', type: 'number', field_type: 'select' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'fieldType select does not suit type number: use one of number, calculation_equation',
    });
    const { results } = (await get('/crm/v3/properties/deals')).body as { results: { name: string }[] };
    expect(results.map((p) => p.name)).not.toContain('score');
  });
});

describe('associations v4', () => {
  it('lists a record’s associations with their types, in both directions, primary included', async () => {
    const contact = await firstId('contacts');
    const result = await get(`/crm/v4/objects/contacts/${contact}/associations/companies`);
    expect(result.status).toBe(200);
    const { results } = result.body as { results: { toObjectId: number; associationTypes: unknown[] }[] };
    expect(results).toHaveLength(1);
    expect(results[0]?.associationTypes).toEqual(
      expect.arrayContaining([
        { category: 'HUBSPOT_DEFINED', typeId: 279, label: null },
        { category: 'HUBSPOT_DEFINED', typeId: 1, label: 'Primary' },
      ]),
    );
    const back = await get(`/crm/v4/objects/companies/${results[0]?.toObjectId}/associations/contacts`);
    expect((back.body as { results: { toObjectId: number }[] }).results.map((r) => String(r.toObjectId))).toContain(contact);
  });

  it('batch-reads associations with a custom label, reporting ids without any in a 207', async () => {
    const deal = await firstId('deals');
    const ticket = await firstId('tickets');
    const labeled = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/associations`, {
      body: { from_type: 'deals', from_id: Number(deal), to_type: 'tickets', to_id: Number(ticket), label: 'Escalation' },
    });
    expect(labeled.status).toBe(201);
    const result = await emulator.call('POST', '/crm/v4/associations/deals/tickets/batch/read', {
      token: portal.service_key,
      body: { inputs: [{ id: deal }, { id: '77' }] },
    });
    expect(result.status).toBe(207);
    expect(result.body).toMatchObject({
      status: 'COMPLETE',
      results: [
        {
          from: { id: deal },
          to: [
            {
              toObjectId: Number(ticket),
              associationTypes: expect.arrayContaining([
                { category: 'HUBSPOT_DEFINED', typeId: 27, label: null },
                { category: 'USER_DEFINED', typeId: expect.any(Number), label: 'Escalation' },
              ]),
            },
          ],
        },
      ],
      numErrors: 1,
      errors: [expect.objectContaining({ category: 'OBJECT_NOT_FOUND', context: { fromObjectId: ['77'] } })],
    });
    const labels = await get('/crm/v4/associations/deals/tickets/labels');
    expect((labels.body as { results: { label: string | null }[] }).results.map((l) => l.label)).toEqual([null, 'Escalation']);
  });

  it('associates generated line items with deals and products', async () => {
    const lineItem = await firstId('line_items');
    const deals = await get(`/crm/v4/objects/line_items/${lineItem}/associations/deals`);
    expect((deals.body as { results: unknown[] }).results).toHaveLength(1);
    const read = await get(`/crm/v3/objects/line_items/${lineItem}?properties=hs_product_id`);
    expect((read.body as { properties: { hs_product_id: string } }).properties.hs_product_id).toMatch(/^\d+$/);
  });
});
