import { copyField, copyLine } from './copyText';

describe('COPY text encoding', () => {
  it('escapes exactly backslash, tab, newline and carriage return', () => {
    expect(copyField('a\\b\tc\nd\re "q" \'s\' é 🎉')).toBe('a\\\\b\\tc\\nd\\re "q" \'s\' é 🎉');
    // A string that looks like the NULL marker stays a string.
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('writes NULL, numbers, booleans, dates and objects in the forms Postgres reads', () => {
    expect([null, undefined].map(copyField)).toEqual(['\\N', '\\N']);
    expect(copyField(9_007_199_254_740_991)).toBe('9007199254740991');
    expect([true, false].map(copyField)).toEqual(['t', 'f']);
    expect(copyField(new Date(Date.UTC(2024, 1, 29, 23, 59, 58, 7)))).toBe('2024-02-29T23:59:58.007Z');
    expect(copyField({ note: 'x\ty', nested: { list: [1, 'a\\b'] } })).toBe('{"note":"x\\\\ty","nested":{"list":[1,"a\\\\\\\\b"]}}');
  });

  it('drops NUL, which Postgres text and jsonb cannot hold', () => {
    expect(copyField('a\0b')).toBe('ab');
    expect(copyField({ s: 'a\0b' })).toBe('{"s":"ab"}');
  });

  it('separates fields with tabs and ends the line', () => {
    expect(copyLine(['a', null, 1, true])).toBe('a\t\\N\t1\tt\n');
  });
});
