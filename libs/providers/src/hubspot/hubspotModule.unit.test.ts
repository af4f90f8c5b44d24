import { providerNames } from '../catalog';
import { credentialKindNames, findProviderModule, pendingProviderModules } from '../providerModules';
import { hubspotModule } from './hubspotModule';

// Assembled, so no token-shaped literal sits in the repository for secret scanners to flag.
const token = ['pat', 'na1', '11111111-2222-3333-4444-555555555555'].join('-');

describe("HubSpot's module", () => {
  const { credentials, link } = hubspotModule;

  it('is pending: built, but in no catalog, registry or list of kinds the API offers', () => {
    expect(pendingProviderModules.hubspot).toBe(hubspotModule);
    expect(providerNames).not.toContain('hubspot');
    expect(findProviderModule('hubspot')).toBeUndefined();
    expect(credentialKindNames).not.toContain('oauth_refresh_token');
  });

  it('defines access_token (sealed) and oauth_refresh_token (sealed, refreshable)', () => {
    expect(credentials.kinds).toEqual([
      { kind: 'access_token', sealed: true, refreshable: false },
      { kind: 'oauth_refresh_token', sealed: true, refreshable: true },
    ]);
  });

  it("validates POST /accounts' token and POST /sources/{name}/accounts' portal id and refresh token without echoing them", () => {
    expect(credentials.spec.schema.validate(token).error).toBeUndefined();
    expect(credentials.spec.credential(token)).toEqual({ kind: 'access_token', token });
    const bad = credentials.spec.schema.validate('pat na1 with spaces').error?.message;
    expect(bad).toBe('"value" must be a HubSpot service key or private-app access token (pat-…), copied whole');
    expect(credentials.spec.schema.validate({ accountId: '1' }).error?.message).toMatch(/must be a HubSpot service key/);
    expect(credentials.app?.type).toBe('hubspot-app');
    expect(credentials.app?.accountIdSchema.validate('62515').error).toBeUndefined();
    expect(credentials.app?.accountIdSchema.validate('acct_1').error?.message).toBe(
      '"value" must be a HubSpot portal id (digits only, as the account settings show it)',
    );
    const refreshSchema = credentials.app?.fields?.refreshToken;
    expect(refreshSchema?.validate('na1-abcd-0123').error).toBeUndefined();
    expect(refreshSchema?.validate('na1 "quoted"').error?.message).not.toContain('quoted');
    expect(credentials.app?.credential('62515', { refreshToken: 'na1-abcd-0123' })).toEqual({
      kind: 'oauth_refresh_token',
      refreshToken: 'na1-abcd-0123',
    });
  });

  it('seals a static token as itself and an install as its refresh and access tokens, and reads both back', () => {
    const install = {
      kind: 'oauth_refresh_token' as const,
      refreshToken: 'na1-r',
      accessToken: { token: 'CO-a', expiresAt: 1_764_300_000_000 },
    };
    expect(credentials.secretOf({ kind: 'access_token', token })).toBe(token);
    const sealed = credentials.secretOf(install);
    expect(JSON.parse(sealed!)).toEqual({ refresh_token: 'na1-r', access_token: 'CO-a', expires_at: 1_764_300_000_000 });
    expect(credentials.fromStored({ kind: 'oauth_refresh_token', secret: sealed, externalId: '62515' })).toEqual(install);
    expect(credentials.fromStored({ kind: 'access_token', secret: token, externalId: '62515' })).toEqual({ kind: 'access_token', token });
    // Registered with its refresh token only: no access token until the first refresh.
    const bare = credentials.secretOf({ kind: 'oauth_refresh_token', refreshToken: 'na1-r' });
    expect(credentials.fromStored({ kind: 'oauth_refresh_token', secret: bare, externalId: '1' })).toEqual({
      kind: 'oauth_refresh_token',
      refreshToken: 'na1-r',
    });
    expect(() => credentials.fromStored({ kind: 'oauth_refresh_token', secret: 'na1-plain-secret', externalId: '1' })).toThrow(
      /not readable/,
    );
    expect(() => credentials.fromStored({ kind: 'oauth_refresh_token', secret: 'na1-plain-secret', externalId: '1' })).not.toThrow(
      /na1-plain-secret/,
    );
    expect(() => credentials.fromStored({ kind: 'secret_key', secret: 'x', externalId: '1' })).toThrow(
      'hubspot has no credential kind "secret_key"',
    );
    expect(credentials.usesSourceSecret(install)).toBe(true);
    expect(credentials.usesSourceSecret({ kind: 'access_token', token })).toBe(false);
    expect(credentials.livemodeOf).toBeUndefined();
  });

  it('reads the dashboard text as a static token only', () => {
    expect(credentials.text.credential(token)).toEqual({ kind: 'access_token', token });
    expect(credentials.text.credential('na1-refresh')).toBeUndefined();
    expect(link.pasted.credential(token)).toEqual({ kind: 'access_token', token });
  });

  it('refreshes by expiry, five minutes early, and at once when no access token is known', () => {
    const tokens = hubspotModule.tokens!;
    const now = new Date('2026-11-28T12:00:00Z');
    expect(tokens.needsRefresh(null, now)).toBe(true);
    expect(tokens.needsRefresh(new Date(now.getTime() + 5 * 60_000 + 1), now)).toBe(false);
    expect(tokens.needsRefresh(new Date(now.getTime() + 5 * 60_000), now)).toBe(true);
  });

  it("sends the customer to HubSpot's install screen (the emulator's for any other base) with read scopes", () => {
    const real = new URL(
      link.oauth!.client('https://api.hubapi.com', 1000).authorizeUrl({ clientId: 'c1', state: 's', redirectUri: 'https://x/cb' }),
    );
    expect(`${real.origin}${real.pathname}`).toBe('https://app.hubspot.com/oauth/authorize');
    expect(Object.fromEntries(real.searchParams)).toEqual({
      client_id: 'c1',
      redirect_uri: 'https://x/cb',
      scope: 'oauth crm.objects.contacts.read crm.objects.companies.read crm.objects.deals.read crm.objects.owners.read tickets e-commerce',
      state: 's',
    });
    const emulated = new URL(
      link.oauth!.client('http://127.0.0.1:4010/', 1000).authorizeUrl({ clientId: 'c1', state: 's', redirectUri: 'https://x/cb' }),
    );
    expect(`${emulated.origin}${emulated.pathname}`).toBe('http://127.0.0.1:4010/hubspot/oauth/authorize');
  });
});
