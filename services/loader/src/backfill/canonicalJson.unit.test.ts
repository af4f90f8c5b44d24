import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
  it('names a cursor the same whatever order its keys come back in', () => {
    expect(canonicalJson({ created: 1_700_000_000, after: 'ch_1' })).toBe(canonicalJson({ after: 'ch_1', created: 1_700_000_000 }));
    expect(canonicalJson({ b: [{ y: 1, x: null }], a: 'x' })).toBe('{"a":"x","b":[{"x":null,"y":1}]}');
  });

  it('tells different cursors apart', () => {
    expect(canonicalJson({ after: 'ch_1', created: 1 })).not.toBe(canonicalJson({ after: 'ch_2', created: 1 }));
    expect(canonicalJson('ch_1')).toBe('"ch_1"');
  });
});
