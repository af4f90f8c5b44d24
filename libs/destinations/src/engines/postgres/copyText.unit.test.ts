import { copyField, copyJsonField, copyLine } from './copyText';

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

  it('escapes JSON text as COPY text whether it is compact or has whitespace between tokens', () => {
    const object = { note: 'x\ty\\z', list: [1, 'a\nb'] };
    const compact = JSON.stringify(object);
    expect(copyJsonField(compact)).toBe(copyField(object));
    const pretty = JSON.stringify(object, null, '\t').replaceAll('\n', '\r\n');
    const field = copyJsonField(pretty);
    expect(field).not.toMatch(/[\t\n\r]/);
    // What COPY reads back from the field is the text given.
    const unescaped = field.replace(/\\(.)/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c);
    expect(unescaped).toBe(pretty);
    expect(copyLine(['id', compact, 2], 1)).toBe(`id\t${copyField(object)}\t2\n`);
  });
});
