import { jsonText } from './jsonText';

describe('jsonText', () => {
  it('is JSON.stringify for ordinary values', () => {
    const value = { a: 'tab\tnew\nline "q" \\ é 🎉', n: [1, 2.5, null], o: { deep: true } };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it('drops NUL and replaces lone surrogates, leaving look-alike text alone', () => {
    const value = { nul: 'a\0b', lone: 'x\ud800y', pair: '😀', text: '\\u0000 and \\ud800 as text', slashNul: '\\\0' };
    expect(JSON.parse(jsonText(value))).toEqual({
      nul: 'ab',
      lone: 'x\ufffdy',
      pair: '😀',
      text: '\\u0000 and \\ud800 as text',
      slashNul: '\\',
    });
  });
});
