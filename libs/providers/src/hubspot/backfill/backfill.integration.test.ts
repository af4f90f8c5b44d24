import { createHubspotReader, type HubspotReader } from '../hubspotReader';
import {
  startHubspotTestEmulator,
  staticToken,
  testHubspotClient,
  type HubspotTestEmulator,
  type TestPortal,
} from '../testing/hubspotTestEmulator';
import { hubspotCall } from '../testing/portalStats';
import { readWholePartition } from '../testing/readAll';
import { readObjectPage } from './objectPages';
import { CRM_OBJECTS } from '../hubspotCatalog';

let emulator: HubspotTestEmulator;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const readerFor = (portal: TestPortal): HubspotReader =>
  createHubspotReader(testHubspotClient(emulator.baseUrl, staticToken(portal.service_key)));
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

async function listedIds(portal: TestPortal, type: string, archived = false): Promise<string[]> {
  const found: string[] = [];
  let after: string | undefined;
  do {
    const query = `limit=100&properties=hs_object_id${archived ? '&archived=true' : ''}${after ? `&after=${after}` : ''}`;
    const page = (await hubspotCall(emulator.baseUrl, portal.service_key, 'GET', `/crm/v3/objects/${type}?${query}`)) as {
      results: { id: string }[];
      paging?: { next?: { after?: string } };
    };
    found.push(...page.results.map((r) => r.id));
    after = page.paging?.next?.after;
  } while (after);
  return found;
}

describe('backfill', () => {
  it('reads every record of every type in id order over several pages, typed, with custom properties', async () => {
    const portal = await emulator.createPortal({
      objects: { contacts: 230, companies: 3, deals: 4, tickets: 2, products: 2, line_items: 3 },
    });
    await emulator.admin('POST', `/portals/${portal.portal_id}/properties/deals`, {
      name: 'renewal_score',
      type: 'number',
      field_type: 'number',
    });
    const deal = (await listedIds(portal, 'deals'))[0]!;
    await emulator.admin('POST', `/portals/${portal.portal_id}/objects/deals/${deal}`, {
      properties: { renewal_score: '7.5', amount: '1200.50' },
    });
    const reader = readerFor(portal);

    const contacts = await readWholePartition(reader, { resource: 'objects', objectType: 'contacts', archived: false });
    expect(ids(contacts)).toEqual(await listedIds(portal, 'contacts'));
    expect(contacts).toHaveLength(230);
    expect(contacts[0]?.values).toMatchObject({
      email: expect.stringContaining('@'),
      archived: false,
      created_at: expect.stringMatching(/Z$/),
    });

    const deals = await readWholePartition(reader, { resource: 'objects', objectType: 'deals', archived: false });
    const changed = deals.find((r) => r.id === deal)!;
    expect(changed.values.amount).toBe(1200.5);
    expect(changed.values.properties).toMatchObject({ renewal_score: '7.5', amount: '1200.50' });
    expect(JSON.parse(changed.json)).toMatchObject({ id: deal, properties: { renewal_score: '7.5' } });

    const definitions = await readWholePartition(reader, { resource: 'properties', objectType: 'deals' });
    expect(definitions.find((r) => r.id === 'deals:renewal_score')?.values).toMatchObject({ type: 'number', hubspot_defined: false });
  });

  it('reads archived records in their own partition, marked deleted with their archive time', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 4 } });
    const [first] = await listedIds(portal, 'contacts');
    await hubspotCall(emulator.baseUrl, portal.service_key, 'DELETE', `/crm/v3/objects/contacts/${first}`);
    const reader = readerFor(portal);
    const live = await readWholePartition(reader, { resource: 'objects', objectType: 'contacts', archived: false });
    const archived = await readWholePartition(reader, { resource: 'objects', objectType: 'contacts', archived: true });
    expect(ids(live)).not.toContain(first);
    expect(ids(archived)).toEqual([first]);
    expect(archived[0]).toMatchObject({
      deleted: true,
      values: { archived: true, archived_at: expect.stringMatching(/Z$/), _deleted: true },
    });
  });

  it('reads by batch when asking for every property would make the URL too long', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 120 } });
    const long = Array.from(
      { length: 200 },
      (_, i) => `custom_property_with_a_long_descriptive_name_for_the_url_length_limit_number_${String(i).padStart(3, '0')}`,
    );
    for (const name of long) await emulator.admin('POST', `/portals/${portal.portal_id}/properties/contacts`, { name, type: 'string' });
    const some = (await listedIds(portal, 'contacts'))[110]!;
    await emulator.admin('POST', `/portals/${portal.portal_id}/objects/contacts/${some}`, { properties: { [long[199]!]: 'last one' } });
    const client = testHubspotClient(emulator.baseUrl, staticToken(portal.service_key));
    const names = ['hs_object_id', ...long];
    const page = await readObjectPage(client, CRM_OBJECTS.contacts, names, false, null);
    expect(page.via).toBe('batch_read');
    expect(ids(page.records)).toEqual((await listedIds(portal, 'contacts')).slice(0, 100));

    const contacts = await readWholePartition(readerFor(portal), { resource: 'objects', objectType: 'contacts', archived: false });
    expect(contacts).toHaveLength(120);
    expect(contacts.find((r) => r.id === some)?.values.properties).toMatchObject({ [long[199]!]: 'last one' });
  });

  it('reads associations with their labels, owners, and plans a partition per type, pair and owner list', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 3, companies: 2 }, owners: 2 });
    const [contact] = await listedIds(portal, 'contacts');
    const companies = await listedIds(portal, 'companies');
    const other = companies.find((c) => c !== undefined)!;
    await emulator.admin('POST', `/portals/${portal.portal_id}/associations`, {
      from_type: 'contacts',
      from_id: Number(contact),
      to_type: 'companies',
      to_id: Number(other),
      label: 'Billing contact',
    });
    const reader = readerFor(portal);
    expect(reader.planPartitions()).toEqual(
      expect.arrayContaining([
        { resource: 'objects', objectType: 'line_items', archived: true },
        { resource: 'associations', from: 'contacts', to: 'companies' },
        { resource: 'owners', archived: false },
        { resource: 'properties', objectType: 'tickets' },
      ]),
    );
    const associations = await readWholePartition(reader, { resource: 'associations', from: 'contacts', to: 'companies' });
    const labeled = associations.find((r) => r.id === `contacts:${contact}:companies:${other}`);
    expect(labeled?.values.labels).toEqual(expect.arrayContaining(['Billing contact']));
    expect(associations.some((r) => (r.values.labels as string[]).includes('Primary'))).toBe(true);
    expect(associations.every((r) => (r.values.type_ids as number[]).includes(279))).toBe(true);

    const owners = await readWholePartition(reader, { resource: 'owners', archived: false });
    expect(owners).toHaveLength(2);
    expect(owners[0]?.values).toMatchObject({ email: expect.stringContaining('@'), archived: false });
  });
});
