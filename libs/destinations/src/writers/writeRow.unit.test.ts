import { newestPerKey, type WriteRow } from './writeRow';

const row = (accountId: string, id: string, second: number, tag: string): WriteRow => ({
  accountId,
  object: { id, tag },
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
    expect(newestPerKey(rows).map((r) => [r.accountId, r.id, r.object.tag])).toEqual([
      ['acct_a', 'ch_1', 'tie-later'],
      ['acct_a', 'ch_2', 'newest'],
      ['acct_b', 'ch_1', 'b1'],
    ]);
  });

  it('refuses rows without an id, an account or a valid sourceTs', () => {
    expect(() => newestPerKey([{ accountId: 'a', object: {}, sourceTs: new Date() }])).toThrow('without a string id');
    expect(() => newestPerKey([{ accountId: '', object: { id: 'x' }, sourceTs: new Date() }])).toThrow('without an account id');
    expect(() => newestPerKey([{ accountId: 'a', object: { id: 'x' }, sourceTs: new Date(NaN) }])).toThrow('no valid sourceTs');
  });
});
