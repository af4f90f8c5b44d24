import fc from 'fast-check';
import { IdCodec, MAX_ENCODED_INDEX, accountTag } from './ids';

describe('IdCodec', () => {
  const codec = new IdCodec('ch', accountTag(42));

  it('decodes every id it encodes back to its index', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_ENCODED_INDEX }), (index) => {
        expect(codec.decode(codec.encode(index))).toBe(index);
      }),
    );
  });

  it('gives Stripe-shaped ids: prefix, underscore, 24 base-62 characters', () => {
    expect(codec.encode(0)).toMatch(/^ch_[0-9A-Za-z]{24}$/);
  });

  it('makes neighbouring indexes look unrelated (a scrambled index, not a counter)', () => {
    const a = codec.encode(1000).slice(13, 21);
    const b = codec.encode(1001).slice(13, 21);
    expect([...a].filter((c, i) => c === b[i]).length).toBeLessThan(6);
  });

  it('refuses ids of another prefix, another account, or a tampered check', () => {
    const id = codec.encode(7);
    expect(new IdCodec('cus', accountTag(42)).decode(id)).toBeUndefined();
    expect(new IdCodec('ch', accountTag(43)).decode(id)).toBeUndefined();
    const tampered = id.slice(0, -1) + (id.endsWith('a') ? 'b' : 'a');
    expect(codec.decode(tampered)).toBeUndefined();
    expect(codec.decode('ch_123')).toBeUndefined();
    expect(codec.decode('')).toBeUndefined();
  });

  it('rejects made-up ids of the right shape (the check characters)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z]{14}$/), (body) => {
        if (codec.decode(`ch_${accountTag(42)}${body}`) !== undefined) accepted++;
      }),
    );
    expect(accepted).toBe(0);
  });
});
