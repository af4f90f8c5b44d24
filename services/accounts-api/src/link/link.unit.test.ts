import { ConfigError, commonEnv, parseConfig } from '@datasync/config';
import { linkEnv, linkSettings } from './linkEnv';
import { contentSecurityPolicy } from './linkSecurityHeaders';
import { generateLinkToken, hashLinkToken, isWellFormedLinkToken, linkCsrfMatches, linkCsrfToken } from './linkToken';
import { linkPage } from './pages/linkPage';
import { resultUrl } from './returnUrl';

const env = {
  NODE_ENV: 'development',
  LINK_SESSION_TTL_MINUTES: 30,
  LINK_KEY_ATTEMPTS: 5,
  LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR: 20,
  PROVIDER_STRIPE_BASE_URL: 'https://api.stripe.com',
  PROVIDER_TIMEOUT_MS: 1000,
};

describe('linkSettings', () => {
  it('uses connect.stripe.com with the real API, the base URL with the emulator, and an explicit URL over both', () => {
    expect(linkSettings(env).connectUrls.stripe).toBe('https://connect.stripe.com');
    expect(linkSettings({ ...env, PROVIDER_STRIPE_BASE_URL: 'http://127.0.0.1:4100/' }).connectUrls.stripe).toBe('http://127.0.0.1:4100');
    expect(linkSettings({ ...env, PROVIDER_STRIPE_CONNECT_URL: 'https://connect.example.com' }).connectUrls.stripe).toBe(
      'https://connect.example.com',
    );
  });

  it('allows http return URLs and insecure cookies only outside production', () => {
    expect(linkSettings(env)).toMatchObject({ allowHttpLocalhost: true, secureCookies: false, ttlMs: 1_800_000, publicUrl: undefined });
    expect(linkSettings({ ...env, NODE_ENV: 'production', LINK_PUBLIC_URL: 'https://link.example.com/' })).toMatchObject({
      allowHttpLocalhost: false,
      secureCookies: true,
      publicUrl: 'https://link.example.com',
    });
  });

  it('requires LINK_PUBLIC_URL in production: the request origin is the caller’s to choose', () => {
    const schema = { ...commonEnv, ...linkEnv };
    expect(parseConfig(schema, { NODE_ENV: 'development' })).toMatchObject({ LINK_PUBLIC_URL: undefined });
    expect(() => parseConfig(schema, { NODE_ENV: 'production' })).toThrow(
      new ConfigError(['LINK_PUBLIC_URL: is required when NODE_ENV=production']),
    );
    expect(parseConfig(schema, { NODE_ENV: 'production', LINK_PUBLIC_URL: 'https://link.example.com' })).toMatchObject({
      LINK_PUBLIC_URL: 'https://link.example.com',
    });
  });
});

describe('link tokens', () => {
  it('are lnk_ and 48 hex characters, hashed for storage, with a CSRF token of their own', () => {
    const token = generateLinkToken();
    expect(isWellFormedLinkToken(token)).toBe(true);
    expect(generateLinkToken()).not.toBe(token);
    expect(hashLinkToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(linkCsrfMatches(token, linkCsrfToken(token))).toBe(true);
    expect(linkCsrfMatches(token, linkCsrfToken(generateLinkToken()))).toBe(false);
    expect(linkCsrfMatches(token, undefined)).toBe(false);
    expect(isWellFormedLinkToken(`${token}0`)).toBe(false);
  });
});

describe('resultUrl', () => {
  it('appends the outcome and the session, keeping the return URL’s own parameters', () => {
    expect(resultUrl('https://app.example.com/back?tab=2&status=old', 'ls1', { status: 'connected', identifier: 'a b&c' })).toBe(
      'https://app.example.com/back?tab=2&status=connected&identifier=a+b%26c&link_session=ls1',
    );
    expect(resultUrl('http://localhost:3000/', 'ls2', { status: 'error', reason: 'access_denied' })).toBe(
      'http://localhost:3000/?status=error&reason=access_denied&link_session=ls2',
    );
  });
});

describe('the page', () => {
  it('escapes every value it shows, and the CSP names only the form targets’ origins', () => {
    const html = linkPage({
      token: 'lnk_x',
      csrfToken: '"><script>',
      organizationName: '<script>alert(1)</script>',
      providerLabel: 'Stripe',
      livemode: true,
      pasted: { title: 'Paste a key', fieldLabel: 'Key', placeholder: '"><script>', hint: '<script>hint</script>' },
      oauthAvailable: true,
      expiresAt: new Date('2030-01-01T10:30:00Z'),
      cancelUrl: 'https://app.example.com/?a=1&b="2"',
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://app.example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('until 2030-01-01 10:30 UTC');
    expect(html).not.toContain('Test mode');
    expect(
      contentSecurityPolicy(['https://app.example.com/back?x=1', 'https://connect.stripe.com/oauth', 'https://app.example.com/other']),
    ).toContain("form-action 'self' https://app.example.com https://connect.stripe.com;");
  });
});
