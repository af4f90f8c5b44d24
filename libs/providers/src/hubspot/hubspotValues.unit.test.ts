import { coerceValue, epochMs } from './hubspotValues';

describe('coerceValue', () => {
  it('reads numbers sent as strings, and nothing else as a number', () => {
    expect(coerceValue('1200.50', 'number')).toBe(1200.5);
    expect(coerceValue('-3', 'number')).toBe(-3);
    expect(coerceValue('1,000', 'number')).toBe(1000);
    expect(coerceValue('abc', 'number')).toBeNull();
    expect(coerceValue('Infinity', 'number')).toBeNull();
  });

  it('reads "true"/"false" as booleans, anything else as null', () => {
    expect(coerceValue('true', 'bool')).toBe(true);
    expect(coerceValue('FALSE', 'bool')).toBe(false);
    expect(coerceValue('yes', 'bool')).toBeNull();
  });

  it('turns epoch-ms and every ISO precision into one ISO form in UTC', () => {
    expect(coerceValue('1700000000000', 'datetime')).toBe('2023-11-14T22:13:20.000Z');
    expect(coerceValue('2024-03-01T10:20:30Z', 'datetime')).toBe('2024-03-01T10:20:30.000Z');
    expect(coerceValue('2024-03-01T10:20:30.123456Z', 'datetime')).toBe('2024-03-01T10:20:30.123Z');
    expect(coerceValue('2024-03-01T12:20:30+02:00', 'datetime')).toBe('2024-03-01T10:20:30.000Z');
    expect(coerceValue('2024-03-01', 'datetime')).toBe('2024-03-01T00:00:00.000Z');
    expect(coerceValue('not a date', 'datetime')).toBeNull();
  });

  it('reads dates as YYYY-MM-DD whether sent as a day, midnight UTC or epoch ms', () => {
    expect(coerceValue('2024-03-01', 'date')).toBe('2024-03-01');
    expect(coerceValue('2024-03-01T00:00:00.000Z', 'date')).toBe('2024-03-01');
    expect(coerceValue('1709251200000', 'date')).toBe('2024-03-01');
    expect(coerceValue('2024-13-45', 'date')).toBeNull();
  });

  it('keeps strings, enumerations (multi-values joined by ;) and phone numbers as text', () => {
    expect(coerceValue('a;b', 'enumeration')).toBe('a;b');
    expect(coerceValue('+1 555', 'phone_number')).toBe('+1 555');
    expect(coerceValue(' padded ', 'string')).toBe(' padded ');
  });

  it('parses json properties, keeping unparseable text as it is', () => {
    expect(coerceValue('{"a":1}', 'json')).toEqual({ a: 1 });
    expect(coerceValue('{oops', 'json')).toBe('{oops');
  });

  it('makes empty and missing values null whatever the type', () => {
    for (const type of ['number', 'bool', 'datetime', 'date', 'string', 'json'] as const) {
      expect(coerceValue('', type)).toBeNull();
      expect(coerceValue(null, type)).toBeNull();
      expect(coerceValue(undefined, type)).toBeNull();
    }
  });
});

describe('epochMs', () => {
  it('reads epoch ms and ISO alike', () => {
    expect(epochMs('1700000000000')).toBe(1_700_000_000_000);
    expect(epochMs('2023-11-14T22:13:20.000Z')).toBe(1_700_000_000_000);
    expect(epochMs(null)).toBeNaN();
  });
});
