import { coerceValue } from './coerce';
import { tableSpecOf } from './tableSpecOf';
import { toWriteRow, toWriteRows } from './rowOf';
import type { CatalogResource } from './types';

const utc = (iso: string) => new Date(iso);

describe('coerceValue', () => {
  it('reads timestamps as unix seconds (Stripe), epoch-millisecond strings and ISO-8601 strings (HubSpot)', () => {
    expect(coerceValue('timestamp', 1_700_000_000)).toEqual(utc('2023-11-14T22:13:20.000Z'));
    expect(coerceValue('timestamp', 1_700_000_000.5)).toEqual(utc('2023-11-14T22:13:20.500Z'));
    expect(coerceValue('timestamp', '1700000000123')).toEqual(utc('2023-11-14T22:13:20.123Z'));
    expect(coerceValue('timestamp', '2024-01-15T10:30:00.000Z')).toEqual(utc('2024-01-15T10:30:00.000Z'));
    expect(coerceValue('timestamp', '2024-01-15T10:30:00+02:00')).toEqual(utc('2024-01-15T08:30:00.000Z'));
    expect(coerceValue('timestamp', '2024-01-15T10:30:00.123456Z')).toEqual(utc('2024-01-15T10:30:00.123Z'));
    // A date, or a time without a zone, is UTC whatever the loader's own time zone.
    expect(coerceValue('timestamp', '2024-01-15')).toEqual(utc('2024-01-15T00:00:00.000Z'));
    expect(coerceValue('timestamp', '2024-01-15T10:30')).toEqual(utc('2024-01-15T10:30:00.000Z'));
  });

  it('gives null for a timestamp it cannot read or that no destination can store (years 1..9999)', () => {
    for (const raw of ['yesterday', 'Mon, 15 Jan 2024 10:30:00 GMT', '2024-13-45T99:00:00Z', '', true, {}, Number.NaN, Infinity]) {
      expect({ raw, value: coerceValue('timestamp', raw) }).toEqual({ raw, value: null });
    }
    expect(coerceValue('timestamp', 253_402_300_800)).toBeNull(); // 10000-01-01 in seconds
    expect(coerceValue('timestamp', 253_402_300_799)).toEqual(utc('9999-12-31T23:59:59.000Z'));
    expect(coerceValue('timestamp', '99999999999999999')).toBeNull();
    expect(coerceValue('timestamp', '-62135596800001')).toBeNull(); // a millisecond before year 1
  });

  it('reads integers from numbers and numeric strings, only while they are exact and fit', () => {
    expect(coerceValue('bigint', 42)).toBe(42);
    expect(coerceValue('bigint', '42')).toBe(42);
    expect(coerceValue('bigint', '-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    // Past 2^53 the parsed number is a neighbour of the provider's integer, not it.
    expect(coerceValue('bigint', 2 ** 62)).toBeNull();
    expect(coerceValue('bigint', '9007199254740993')).toBeNull();
    for (const raw of [1.5, '1.5', '12abc', '', ' 12', 'NaN', true])
      expect({ raw, value: coerceValue('bigint', raw) }).toEqual({ raw, value: null });
    expect(coerceValue('integer', 2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(coerceValue('integer', -(2 ** 31))).toBe(-(2 ** 31));
    expect(coerceValue('integer', 2 ** 31)).toBeNull();
    expect(coerceValue('integer', '2147483648')).toBeNull();
    expect(coerceValue('integer', '-17')).toBe(-17);
  });

  it('reads booleans, text, references and JSON', () => {
    expect([
      coerceValue('boolean', true),
      coerceValue('boolean', 'false'),
      coerceValue('boolean', 'yes'),
      coerceValue('boolean', 1),
    ]).toEqual([true, false, null, null]);
    expect(coerceValue('text', 'usd')).toBe('usd');
    expect(coerceValue('long_text', 7)).toBe('7');
    expect(coerceValue('text', { id: 'cus_1', object: 'customer' })).toBe('cus_1');
    expect(coerceValue('text', { name: 'no id' })).toBeNull();
    expect(coerceValue('json', { k: 'v' })).toEqual({ k: 'v' });
    expect(coerceValue('json', [1, 2])).toEqual([1, 2]);
    expect(coerceValue('json', 'text')).toBeNull();
    expect(coerceValue('text', null)).toBeNull();
    expect(coerceValue('text', undefined)).toBeNull();
  });
});

describe('rows and table specs of a resource', () => {
  const resource: Pick<CatalogResource, 'table' | 'columns'> = {
    table: 'hubspot_contacts',
    columns: [
      { name: 'email', type: 'text', path: 'properties.email', description: 'primary email' },
      { name: 'createdate', type: 'timestamp', path: 'properties.createdate' },
      { name: 'num_visits', type: 'integer', path: 'properties.hs_analytics_num_visits' },
      { name: 'archived', type: 'boolean', path: 'archived' },
    ],
  };

  it('hands destinations a neutral spec in catalog order, the same object every time', () => {
    expect(tableSpecOf(resource)).toEqual({
      table: 'hubspot_contacts',
      columns: [
        { name: 'email', type: 'text', description: 'primary email' },
        { name: 'createdate', type: 'timestamp' },
        { name: 'num_visits', type: 'integer' },
        { name: 'archived', type: 'boolean' },
      ],
    });
    expect(tableSpecOf(resource)).toBe(tableSpecOf(resource));
  });

  it('makes rows with the values coerced in the spec’s order, and the reader’s JSON text when given', () => {
    const object = {
      id: '51',
      properties: { email: 'a@example.com', createdate: '2024-01-15T10:30:00.000Z', hs_analytics_num_visits: '12' },
      archived: false,
    };
    const sourceTs = utc('2024-02-01T00:00:00Z');
    const dataJson = JSON.stringify(object);
    expect(toWriteRow(resource, { accountId: 'portal_1', object, dataJson, sourceTs })).toEqual({
      accountId: 'portal_1',
      object,
      dataJson,
      sourceTs,
      values: ['a@example.com', utc('2024-01-15T10:30:00.000Z'), 12, false],
    });
    expect(toWriteRows(resource, 'portal_1', [object, { id: '52' }], sourceTs).map((r) => r.values)).toEqual([
      ['a@example.com', utc('2024-01-15T10:30:00.000Z'), 12, false],
      [null, null, null, null],
    ]);
  });
});
