import Stripe from 'stripe';
import { startTestEmulator, type TestEmulator, type AdminAccount } from '../../testing/testEmulator';

let emulator: TestEmulator;
let app: AdminAccount;

beforeAll(async () => {
  emulator = await startTestEmulator({ EMULATOR_DEFAULT_OBJECTS: 'charges=3' });
  app = await emulator.createAccount({ objects: {}, business_name: 'Sync App' });
});

afterAll(async () => {
  await emulator.close();
});

const redirectUri = 'http://localhost:4000/link/callback?session=ls_1';

function authorizeQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: app.client_id,
    redirect_uri: redirectUri,
    state: 'st_123',
    scope: 'read_only',
    response_type: 'code',
    ...overrides,
  }).toString();
}

/** Submits the consent form as a browser would and returns where it redirects. */
async function decide(decision: 'approve' | 'deny', account = ''): Promise<URL> {
  const response = await emulator.call('POST', '/oauth/authorize', {
    body: new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      state: 'st_123',
      scope: 'read_only',
      decision,
      account,
    }),
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('Connect OAuth', () => {
  it('renders a consent page naming the app with Approve and Deny', async () => {
    const page = await emulator.call('GET', `/oauth/authorize?${authorizeQuery()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Sync App');
    expect(page.text).toContain('value="approve"');
    expect(page.text).toContain('value="deny"');
    expect(page.text).toContain('value="st_123"');
  });

  it('refuses an unknown client_id or a non-http redirect_uri with an error page, never a redirect', async () => {
    const unknown = await emulator.call('GET', `/oauth/authorize?${authorizeQuery({ client_id: 'ca_nobody' })}`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('No application matches');
    const script = await emulator.call('GET', `/oauth/authorize?${authorizeQuery({ redirect_uri: 'javascript:alert(1)' })}`);
    expect(script.status).toBe(400);
    expect(script.headers.get('location')).toBeNull();
    const escaped = await emulator.call('GET', `/oauth/authorize?${authorizeQuery({ state: '"><script>x</script>' })}`);
    expect(escaped.text).not.toContain('<script>x</script>');
  });

  it('approves: a new connected account, a code exchanged once through the SDK', async () => {
    const location = await decide('approve');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4000/link/callback');
    expect(location.searchParams.get('session')).toBe('ls_1');
    expect(location.searchParams.get('state')).toBe('st_123');
    expect(location.searchParams.get('scope')).toBe('read_only');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^ac_/);

    const stripe = emulator.stripe(app.secret_key);
    const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
    expect(token).toMatchObject({
      livemode: false,
      scope: 'read_only',
      token_type: 'bearer',
      stripe_user_id: expect.stringMatching(/^acct_/),
    });
    const connectedId = token.stripe_user_id ?? '';
    expect((await stripe.charges.list({}, { stripeAccount: connectedId })).data).toHaveLength(3);

    await expect(stripe.oauth.token({ grant_type: 'authorization_code', code })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidGrantError,
    );
    const again = await emulator.call('POST', '/oauth/token', {
      body: new URLSearchParams({ grant_type: 'authorization_code', code }),
      headers: { authorization: `Bearer ${app.secret_key}` },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: `Authorization code already used: ${code}` });
  });

  it('connects an existing account picked on the page, and lists it next time', async () => {
    const existing = await emulator.createAccount({ objects: { charges: 2 } });
    const location = await decide('approve', existing.id);
    const token = await emulator
      .stripe(app.secret_key)
      .oauth.token({ grant_type: 'authorization_code', code: location.searchParams.get('code') ?? '' });
    expect(token.stripe_user_id).toBe(existing.id);
    const page = await emulator.call('GET', `/oauth/authorize?${authorizeQuery()}`);
    expect(page.text).toContain(existing.id);
  });

  it('denies: a redirect with error=access_denied and the state, no code', async () => {
    const location = await decide('deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st_123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses a code of another app, an unknown code and a bad key', async () => {
    const otherApp = await emulator.createAccount({ objects: {} });
    const code = (await decide('approve')).searchParams.get('code') ?? '';
    await expect(emulator.stripe(otherApp.secret_key).oauth.token({ grant_type: 'authorization_code', code })).rejects.toMatchObject({
      type: 'StripeInvalidGrantError',
    });
    const unknown = await emulator.call('POST', '/oauth/token', {
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'ac_nope' }),
      headers: { authorization: `Bearer ${app.secret_key}` },
    });
    expect(unknown.body).toEqual({ error: 'invalid_grant', error_description: 'Authorization code does not exist: ac_nope' });
    const badKey = await emulator.call('POST', '/oauth/token', {
      body: new URLSearchParams({ grant_type: 'authorization_code', code }),
      headers: { authorization: 'Bearer sk_test_nope' },
    });
    expect(badKey.status).toBe(401);
    expect(badKey.body).toMatchObject({ error: 'invalid_client' });
  });

  it('deauthorizes: the platform key loses access to the account', async () => {
    const code = (await decide('approve')).searchParams.get('code') ?? '';
    const stripe = emulator.stripe(app.secret_key);
    const accountId = (await stripe.oauth.token({ grant_type: 'authorization_code', code })).stripe_user_id ?? '';
    const result = await stripe.oauth.deauthorize({ client_id: app.client_id, stripe_user_id: accountId });
    expect(result.stripe_user_id).toBe(accountId);
    await expect(stripe.charges.list({}, { stripeAccount: accountId })).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
  });
});
