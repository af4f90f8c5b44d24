import { OBJECT_TYPES } from '../crm/objectTypes';
import { Portal } from '../portal/portal';
import type { PortalSpec } from '../portal/portalSpec';
import { fillPortal } from './fillPortal';

const spec = (seedText: string): PortalSpec => ({
  portalId: 12345678,
  seedText,
  name: 'test',
  timeZone: 'UTC',
  tier: 'starter',
  serviceKey: 'pat-na1-test',
  objects: { contacts: 40, companies: 4, deals: 10, tickets: 5, products: 3, line_items: 9 },
  owners: 2,
  end: Date.UTC(2026, 0, 31),
  historyDays: 30,
});

function build(seedText: string): Portal {
  const portal = new Portal(spec(seedText), 0);
  fillPortal(portal);
  return portal;
}

describe('fillPortal', () => {
  it('creates the counts asked for, spread over the history, ids growing with time', () => {
    const portal = build('a');
    for (const [type, count] of Object.entries(spec('a').objects)) expect(portal.store(type as keyof typeof OBJECT_TYPES).size).toBe(count);
    const contacts = [...portal.store('contacts').from(0, false)];
    expect(contacts[0]?.createdAt).toBe(Date.UTC(2026, 0, 1));
    expect(contacts.at(-1)?.createdAt).toBeLessThan(Date.UTC(2026, 0, 31));
    const times = contacts.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(contacts[0]?.properties.lastmodifieddate).toBe(new Date(Date.UTC(2026, 0, 1)).toISOString());
  });

  it('is the same for the same seed and differs for another', () => {
    const values = (portal: Portal) => [...portal.store('contacts').from(0, false)].map((c) => c.properties.email);
    expect(values(build('a'))).toEqual(values(build('a')));
    expect(values(build('a'))).not.toEqual(values(build('b')));
  });

  it('associates contacts with a primary company, deals with contacts and companies, line items with deals and products', () => {
    const portal = build('a');
    const contact = [...portal.store('contacts').from(0, false)][5];
    const companies = portal.associations.list('contacts', contact?.id ?? 0, 'companies');
    expect(companies).toHaveLength(1);
    expect(companies[0]?.associationTypes.map((t) => t.typeId).sort((x, y) => x - y)).toEqual([1, 279]);
    const deal = [...portal.store('deals').from(0, false)][0];
    expect(portal.associations.list('deals', deal?.id ?? 0, 'contacts')).toHaveLength(1);
    expect(portal.associations.list('deals', deal?.id ?? 0, 'companies')).toHaveLength(1);
    const lineItem = [...portal.store('line_items').from(0, false)][0];
    expect(portal.associations.list('line_items', lineItem?.id ?? 0, 'deals')).toHaveLength(1);
    expect(portal.store('products').find(Number(lineItem?.properties.hs_product_id))).toBeDefined();
    expect(portal.owners.map((o) => String(o.id))).toContain(contact?.properties.hubspot_owner_id);
  });
});
