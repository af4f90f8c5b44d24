import { readCookie } from './sessionCookie';
import { csrfTokenFor, csrfTokenMatches, generateSessionToken, hashSessionToken, isWellFormedSessionToken } from './sessionToken';

describe('readCookie', () => {
  it('finds the named cookie among others', () => {
    expect(readCookie('a=1; datasync_session=tok; b=2', 'datasync_session')).toBe('tok');
    expect(readCookie('datasync_session="quoted"', 'datasync_session')).toBe('quoted');
    expect(readCookie('x_datasync_session=no; garbage; =; datasync_session=yes', 'datasync_session')).toBe('yes');
  });

  it('returns undefined when it is absent', () => {
    expect(readCookie(undefined, 'datasync_session')).toBeUndefined();
    expect(readCookie('', 'datasync_session')).toBeUndefined();
    expect(readCookie('other=1', 'datasync_session')).toBeUndefined();
  });
});

describe('session tokens', () => {
  it('are 32 random bytes, stored only as their SHA-256', () => {
    const token = generateSessionToken();
    expect(isWellFormedSessionToken(token)).toBe(true);
    expect(token).not.toBe(generateSessionToken());
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(isWellFormedSessionToken('short')).toBe(false);
    expect(isWellFormedSessionToken(`${token}=`)).toBe(false);
  });

  it('derive a CSRF token bound to the session', () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(csrfTokenMatches(a, csrfTokenFor(a))).toBe(true);
    expect(csrfTokenMatches(a, csrfTokenFor(b))).toBe(false);
    expect(csrfTokenMatches(a, undefined)).toBe(false);
    expect(csrfTokenMatches(a, '')).toBe(false);
    expect(csrfTokenFor(a)).not.toContain(a);
  });
});
