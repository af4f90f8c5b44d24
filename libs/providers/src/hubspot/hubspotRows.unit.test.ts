import { CRM_OBJECTS, HUBSPOT_TABLES } from './hubspotCatalog';
import { associationRow, crmObjectRow } from './hubspotRows';

describe('rows', () => {
  it('types standard properties, keeps every property in JSON and marks archived records deleted', () => {
    const record = {
      id: '42',
      properties: {
        amount: '1200.5',
        closedate: '1709251200000',
        dealname: 'Big',
        hs_lastmodifieddate: '2024-03-01T10:00:00Z',
        custom_x: 'y',
      },
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
      archived: true,
      archivedAt: '2024-03-02T00:00:00Z',
    };
    const row = crmObjectRow(CRM_OBJECTS.deals, record);
    expect(row.table).toBe('hubspot_deals');
    expect(row.values).toMatchObject({
      id: '42',
      amount: 1200.5,
      closedate: '2024-03-01T00:00:00.000Z',
      dealname: 'Big',
      hs_lastmodifieddate: '2024-03-01T10:00:00.000Z',
      created_at: '2024-01-01T00:00:00.000Z',
      archived: true,
      archived_at: '2024-03-02T00:00:00.000Z',
      _deleted: true,
      properties: record.properties,
    });
    expect(JSON.parse(row.json)).toEqual(record);
  });

  it('gives every value a column of its table', () => {
    const table = HUBSPOT_TABLES.find((t) => t.name === 'hubspot_contacts')!;
    const row = crmObjectRow(CRM_OBJECTS.contacts, { id: '1', properties: {}, createdAt: '', updatedAt: '' });
    expect(Object.keys(row.values).sort()).toEqual(
      table.columns
        .map((c) => c.name)
        .filter((n) => n !== 'data')
        .sort(),
    );
  });

  it('names an association by both ends and keeps its labels', () => {
    const row = associationRow('contacts', '1', 'companies', {
      toObjectId: 9,
      associationTypes: [
        { category: 'HUBSPOT_DEFINED', typeId: 279, label: null },
        { category: 'HUBSPOT_DEFINED', typeId: 1, label: 'Primary' },
      ],
    });
    expect(row.values).toMatchObject({ id: 'contacts:1:companies:9', type_ids: [1, 279], labels: ['Primary'], to_id: '9' });
  });
});
