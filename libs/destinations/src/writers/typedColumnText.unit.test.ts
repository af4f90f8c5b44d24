import type { ColumnValue, TableColumn } from '../tableSpec';
import { contentDigest } from './contentDigest';
import { expectedTypedText, holdsTypedValues, storedTypedText, typedText } from './typedColumnText';
import { sameContent } from './sameContent';

const columns: TableColumn[] = [
  { name: 'amount', type: 'bigint' },
  { name: 'currency', type: 'text' },
  { name: 'description', type: 'long_text' },
  { name: 'paid', type: 'boolean' },
  { name: 'created', type: 'timestamp' },
  { name: 'metadata', type: 'json' },
];
const col = (name: string) => columns.find((c) => c.name === name) as TableColumn;
// The values a provider coerced for one object, in the columns' order.
const values: ColumnValue[] = [1234, 'usd', null, true, new Date(1_700_000_000_000), { b: '2', a: '1' }];

describe('typedText', () => {
  it('gives every driver form of one value the same text', () => {
    expect(typedText(col('amount'), '1234', contentDigest)).toBe(typedText(col('amount'), 1234, contentDigest));
    expect(typedText(col('paid'), 1, contentDigest)).toBe(typedText(col('paid'), true, contentDigest));
    expect(typedText(col('paid'), 0, contentDigest)).toBe(typedText(col('paid'), false, contentDigest));
    const at = new Date(1_700_000_000_000);
    expect(typedText(col('created'), at.toISOString(), contentDigest)).toBe(typedText(col('created'), at, contentDigest));
    expect(typedText(col('metadata'), '{"a":"1","b":"2"}', contentDigest)).toBe(
      typedText(col('metadata'), { b: '2', a: '1' }, contentDigest),
    );
  });

  it('tells no value from any value, and one value from another', () => {
    expect(typedText(col('amount'), null, contentDigest)).not.toBe(typedText(col('amount'), 0, contentDigest));
    expect(typedText(col('currency'), null, contentDigest)).not.toBe(typedText(col('currency'), '', contentDigest));
    expect(typedText(col('amount'), 1235, contentDigest)).not.toBe(typedText(col('amount'), 1234, contentDigest));
  });
});

describe('stored and expected typed texts', () => {
  // The row as a driver hands it back.
  const stored = {
    amount: '1234',
    currency: 'usd',
    description: null,
    paid: 1,
    created: new Date(1_700_000_000_000),
    metadata: '{"a":"1","b":"2"}',
  };

  it('match for a row written with the values', () => {
    expect(storedTypedText(columns, stored, contentDigest)).toBe(expectedTypedText(columns, values, contentDigest));
    expect(holdsTypedValues(columns, stored, values, contentDigest, sameContent)).toBe(true);
  });

  it('differ when a column was altered or emptied in the destination', () => {
    for (const change of [{ amount: '1235' }, { amount: null }, { metadata: '{"a":"1"}' }, { created: new Date(1_700_000_001_000) }]) {
      const altered = { ...stored, ...change };
      expect(storedTypedText(columns, altered, contentDigest)).not.toBe(expectedTypedText(columns, values, contentDigest));
      expect(holdsTypedValues(columns, altered, values, contentDigest, sameContent)).toBe(false);
    }
  });
});
