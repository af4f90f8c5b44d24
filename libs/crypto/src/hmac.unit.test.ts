import { hmacSha256, timingSafeEqualString } from './index';

describe('hmacSha256', () => {
  it('matches the RFC 4231 test case 2 vector', () => {
    expect(hmacSha256('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('depends on the key', () => {
    expect(hmacSha256(Buffer.from('a'), 'v')).not.toBe(hmacSha256(Buffer.from('b'), 'v'));
  });
});

describe('timingSafeEqualString', () => {
  it('compares equal, different and different-length strings without throwing', () => {
    expect(timingSafeEqualString('secret', 'secret')).toBe(true);
    expect(timingSafeEqualString('secret', 'secreT')).toBe(false);
    expect(timingSafeEqualString('secret', 'secret-longer')).toBe(false);
    expect(timingSafeEqualString('', '')).toBe(true);
    expect(timingSafeEqualString('', 'x')).toBe(false);
  });
});
