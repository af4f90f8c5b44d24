import { fitText, mysqlValue, textLimit } from './mysqlValues';

describe('MySQL values', () => {
  it('reads the limit of VARCHAR in characters and TEXT in bytes', () => {
    expect(textLimit('varchar(255)')).toEqual({ chars: 255 });
    expect(textLimit('text')).toEqual({ bytes: 65_535 });
    expect(textLimit('json')).toBeUndefined();
  });

  it('cuts at code points and whole UTF-8 characters', () => {
    expect(fitText('ab😀cd', { chars: 3 })).toBe('ab😀');
    expect(fitText('ab😀', { chars: 3 })).toBe('ab😀');
    // é is 2 bytes, 😀 is 4: five bytes hold "é" and "a" and "b", not half of the emoji.
    expect(fitText('éab😀', { bytes: 5 })).toBe('éab');
    expect(fitText('short', { bytes: 65_535 })).toBe('short');
  });

  it('sends objects as JSON and leaves other values to the driver', () => {
    expect(mysqlValue({ a: [1] }, undefined)).toBe('{"a":[1]}');
    const date = new Date(0);
    expect([mysqlValue(date, undefined), mysqlValue(null, undefined), mysqlValue(5, undefined), mysqlValue(true, undefined)]).toEqual([
      date,
      null,
      5,
      true,
    ]);
  });
});
