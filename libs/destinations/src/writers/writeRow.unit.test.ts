import { newestPerKey, type WriteRow } from './writeRow';

const row = (accountId: string, id: string, second: number, tag: string): WriteRow => ({
  accountId,
  object: { id, tag },
  values: [],
  sourceTs: new Date(second * 1000),
});

describe('newestPerKey', () => {
  it('keeps the newest state of each key, the later one on a tie, sorted by key', () => {
    const rows = [
      row('acct_b', 'ch_1', 5, 'b1'),
      row('acct_a', 'ch_2', 3, 'old'),
      row('acct_a', 'ch_2', 9, 'newest'),
      row('acct_a', 'ch_2', 4, 'older'),
      row('acct_a', 'ch_1', 7, 'first'),
      row('acct_a', 'ch_1', 7, 'tie-later'),
    ];
    expect(newestPerKey(rows, 0).map((r) => [r.accountId, r.id, r.object.tag])).toEqual([
      ['acct_a', 'ch_1', 'tie-later'],
      ['acct_a', 'ch_2', 'newest'],
      ['acct_b', 'ch_1', 'b1'],
    ]);
  });

  it('refuses rows without an id, an account or a valid sourceTs', () => {
    expect(() => newestPerKey([{ accountId: 'a', object: {}, values: [], sourceTs: new Date() }], 0)).toThrow('without a string id');
    expect(() => newestPerKey([{ accountId: '', object: { id: 'x' }, values: [], sourceTs: new Date() }], 0)).toThrow(
      'without an account id',
    );
    expect(() => newestPerKey([{ accountId: 'a', object: { id: 'x' }, values: [], sourceTs: new Date(NaN) }], 0)).toThrow(
      'no valid sourceTs',
    );
  });

  it('refuses a row whose typed values do not match the columns one for one', () => {
    const row = { accountId: 'a', object: { id: 'x' }, sourceTs: new Date() };
    expect(() => newestPerKey([{ ...row, values: [1] }], 2)).toThrow('object x has 1 typed values for 2 columns');
    expect(() => newestPerKey([{ ...row, values: [1, 2, 3] }], 2)).toThrow('has 3 typed values for 2 columns');
    expect(newestPerKey([{ ...row, values: [1, null] }], 2)).toHaveLength(1);
  });
});
