import { readFileSync } from 'node:fs';
import path from 'node:path';
import { blobColumns, getEngine, tableColumns } from '@datasync/destinations';
import { getProvider } from './registry';
import { tableSpecOf } from './tableSpecOf';

// Stripe's tables are in customers' databases: a change of a name, a type or a column's place
// would fail their loads or their queries. stripeDestinationColumns.json is what every engine
// stored for every Stripe resource before the destinations took a neutral spec; this proves the
// spec the catalog resolves still produces exactly that.
const expected = JSON.parse(readFileSync(path.join(__dirname, 'stripeDestinationColumns.json'), 'utf8')) as Record<string, unknown>;

const describeColumns = (engine: 'postgres' | 'mysql', table: { columns: Parameters<typeof tableColumns>[1]['columns'] }) =>
  tableColumns(getEngine(engine).dialect, table).map((c) => `${c.name} ${c.sqlType}${c.nullable ? '' : ' not null'}`);

describe("Stripe's destination tables", () => {
  const resources = getProvider('stripe').resources;

  it('are the same tables as before, resource by resource', () => {
    expect(resources.map((r) => r.table).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(resources.map((r) => [r.table, r] as const))('%s has the same columns and types on every engine', (table, resource) => {
    const spec = tableSpecOf(resource);
    expect(spec.table).toBe(table);
    expect({
      postgres: describeColumns('postgres', spec),
      mysql: describeColumns('mysql', spec),
      s3: blobColumns(spec).map(
        (c) => `${c.name} ${c.parquetType} ${c.jsonType}${c.nullable ? '' : ' not null'}${c.description ? ` -- ${c.description}` : ''}`,
      ),
    }).toEqual(expected[table]);
  });
});
