import { jsonbText, numericText } from './jsonbText';

describe('jsonbText', () => {
  it('orders keys as jsonb does: shorter first, then bytewise', () => {
    expect(jsonbText({ bb: 1, a: [1, 'x', null], c: { z: true, y: false }, ab: undefined })).toBe(
      '{"a": [1, "x", null], "c": {"y": false, "z": true}, "bb": 1}',
    );
    expect(jsonbText({ é: 1, z: 2 })).toBe('{"z": 2, "é": 1}');
  });

  it('writes numbers without an exponent, as numeric prints them', () => {
    expect(numericText(1e21)).toBe('1000000000000000000000');
    expect(numericText(-1.5e-7)).toBe('-0.00000015');
    expect(numericText(1.2345e25)).toBe('12345000000000000000000000');
    expect(numericText(0.25)).toBe('0.25');
    expect(numericText(-0)).toBe('0');
  });

  it('escapes strings as JSON does', () => {
    expect(jsonbText('a"b\\c\n\u0001é')).toBe(JSON.stringify('a"b\\c\n\u0001é'));
  });
});
