import { chargeColumns, withValues, type UntypedRow } from '../../../testing/chargeRows';
import { newestPerKey } from '../../../writers/writeRow';
import { contentHash, oneLineJson, splitParts, toBlobRows } from './blobRows';
import { ndjsonLine } from './ndjsonPart';
import { blobColumns } from '../s3Columns';

const charges = { table: 'stripe_charges', columns: chargeColumns };
const keyed = (rows: UntypedRow[]) => newestPerKey(withValues(rows), chargeColumns.length);
const sized = (sizes: number[]) => sizes.map((size, i) => ({ i, size }));

describe('splitting a batch into parts', () => {
  it('cuts at the row limit and before the row that would pass the byte limit', () => {
    expect(splitParts(sized([1, 1, 1, 1, 1]), 2, 100).map((p) => p.map((r) => r.i))).toEqual([[0, 1], [2, 3], [4]]);
    expect(splitParts(sized([40, 40, 40, 10, 90]), 100, 100).map((p) => p.map((r) => r.i))).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('gives a row larger than the byte limit a part of its own, and nothing no parts', () => {
    expect(splitParts(sized([10, 500, 10]), 100, 100).map((p) => p.map((r) => r.i))).toEqual([[0], [1], [2]]);
    expect(splitParts([], 10, 10)).toEqual([]);
  });
});

describe('blob rows', () => {
  const row = (id: string, second: number, fields: Record<string, unknown> = {}) => ({
    accountId: 'acct_1',
    object: { id, object: 'charge', amount: 500, created: 1_700_000_000, customer: { id: 'cus_1' }, ...fields },
    sourceTs: new Date(Date.UTC(2024, 0, 1, 0, 0, second)),
  });

  it('hashes what the rows say, not when they were written', () => {
    const a = toBlobRows(keyed([row('ch_1', 1), row('ch_2', 1)]));
    const same = toBlobRows(keyed([row('ch_2', 1), row('ch_1', 1)]));
    const later = toBlobRows(keyed([row('ch_1', 2), row('ch_2', 1)]));
    expect(contentHash(same)).toBe(contentHash(a));
    expect(contentHash(later)).not.toBe(contentHash(a));
  });

  it('writes an NDJSON line with the common columns, then the typed ones in catalog order', () => {
    const [blob] = toBlobRows(keyed([row('ch_1', 1, { description: 'a "b"\n' })]));
    const typed = blobColumns(charges).slice(6);
    const line = ndjsonLine(typed, blob!, '2024-01-01T00:00:05.000Z');
    expect(line.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'id',
      'account_id',
      'data',
      '_source_ts',
      '_synced_at',
      '_deleted',
      ...charges.columns.map((c) => c.name),
    ]);
    expect(parsed).toMatchObject({
      id: 'ch_1',
      account_id: 'acct_1',
      _source_ts: '2024-01-01T00:00:01.000Z',
      _synced_at: '2024-01-01T00:00:05.000Z',
      _deleted: false,
      amount: 500,
      customer: 'cus_1',
      description: 'a "b"\n',
      created: '2023-11-14T22:13:20.000Z',
      paid: null,
    });
  });

  it("stores the reader's JSON text as `data` when the row has it, on one line", () => {
    const object = { id: 'ch_1', object: 'charge', amount: 500 };
    const text = '{\n  "id": "ch_1",\r\n  "object": "charge",\n  "amount": 500, "note": "a\\nb"\n}';
    const [blob] = toBlobRows(keyed([{ ...row('ch_1', 1), object, dataJson: text }]));
    expect(blob!.dataJson).toBe('{  "id": "ch_1",  "object": "charge",  "amount": 500, "note": "a\\nb"}');
    expect(JSON.parse(blob!.dataJson)).toEqual({ ...object, note: 'a\nb' });
    expect(oneLineJson('{"a":1}')).toBe('{"a":1}');
  });

  it('refuses a source time past year 9999', () => {
    expect(() => toBlobRows(keyed([{ ...row('ch_1', 1), sourceTs: new Date(Date.UTC(10000, 0, 1)) }]))).toThrow('out of range');
  });
});
