import Stripe from 'stripe';
import { providerNames } from './catalog';
import { WebhookRefusedError } from './inboundWebhook';
import { credentialKind, credentialKindNames, findProviderModule, providerModule, providerModules } from './providerModules';

// The kinds a provider may define: what accounts.credential_kind's check accepts (20261128140000_provider_credentials).
const KIND_FORMAT = /^[a-z][a-z0-9_]{0,62}$/;

describe('the provider module registry', () => {
  it('has one module per catalog provider, each with kinds the accounts table accepts', () => {
    expect(providerModules.map((m) => m.provider)).toEqual([...providerNames]);
    for (const module of providerModules) {
      const kinds = module.credentials.kinds.map((k) => k.kind);
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds).size).toBe(kinds.length);
      for (const kind of kinds) expect(kind).toMatch(KIND_FORMAT);
      // Only a kept (sealed) secret can be refreshed: the token store replaces a sealed value.
      for (const spec of module.credentials.kinds) if (spec.refreshable) expect(spec.sealed).toBe(true);
    }
    expect(credentialKindNames).toEqual(['secret_key', 'connected_account']);
  });

  it('answers nothing for a name no provider has, and refuses to build one', () => {
    expect(findProviderModule('nope')).toBeUndefined();
    expect(findProviderModule('toString')).toBeUndefined();
    expect(() => providerModule('nope')).toThrow('no provider module for "nope"');
    expect(credentialKind('stripe', 'oauth_token')).toBeUndefined();
    expect(credentialKind('stripe', 'secret_key')).toEqual({ kind: 'secret_key', sealed: true, refreshable: false });
  });
});

describe("Stripe's module", () => {
  const { credentials, link, sourceForm, webhooks } = providerModule('stripe');

  it("maps POST /accounts' credential and POST /sources/{name}/accounts' accountId to its kinds", () => {
    expect(credentials.spec.schema.validate('rk_test_abcdefgh1234').error).toBeUndefined();
    expect(credentials.spec.schema.validate({ accountId: 'acct_123' }).error).toBeUndefined();
    expect(credentials.spec.schema.validate('pk_test_abcdefgh1234').error?.message).toBe(
      `"value" must be the account's own Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…), or an object with accountId (acct_…) for an account connected to the app of the source`,
    );
    expect(credentials.spec.credential('rk_test_abcdefgh1234')).toEqual({ kind: 'secret_key', key: 'rk_test_abcdefgh1234' });
    expect(credentials.spec.credential({ accountId: 'acct_123' })).toEqual({ kind: 'connected_account', accountId: 'acct_123' });
    expect(credentials.app?.type).toBe('stripe-app');
    expect(credentials.app?.accountIdSchema.validate('cus_1').error?.message).toBe('"value" must be a Stripe account id (acct_…)');
  });

  it('keeps a sealed secret for a key only, and rebuilds each kind from its row', () => {
    // A live-mode key assembled, so no live-key literal sits in the repository.
    const liveKey = ['sk', 'live', 'abcdefgh1234'].join('_');
    const key = { kind: 'secret_key' as const, key: liveKey };
    const connected = { kind: 'connected_account' as const, accountId: 'acct_1' };
    expect(credentials.secretOf(key)).toBe(liveKey);
    expect(credentials.secretOf(connected)).toBeNull();
    expect(credentials.fromStored({ kind: 'secret_key', secret: key.key, externalId: 'acct_9' })).toEqual(key);
    expect(credentials.fromStored({ kind: 'connected_account', secret: null, externalId: 'acct_1' })).toEqual(connected);
    expect(() => credentials.fromStored({ kind: 'secret_key', secret: null, externalId: 'acct_9' })).toThrow(/no stored key/);
    expect(credentials.usesSourceSecret(connected)).toBe(true);
    expect(credentials.usesSourceSecret(key)).toBe(false);
    expect(credentials.livemodeOf?.(key)).toBe(true);
    expect(credentials.livemodeOf?.(connected, 'sk_test_abcdefgh1234')).toBe(false);
    expect(credentials.text.credential('acct_1')).toEqual(connected);
    expect(credentials.text.credential('rk_test_x')).toEqual({ kind: 'secret_key', key: 'rk_test_x' });
    expect(credentials.text.credential('pk_test_x')).toBeUndefined();
    expect(sourceForm.credential('rk_test_abcdefgh1234')).toEqual({ kind: 'secret_key', key: 'rk_test_abcdefgh1234' });
    expect(sourceForm.oauthClientId?.schema.validate('ca_123').error).toBeUndefined();
  });

  it('offers the pasted key and Connect on the Link page', () => {
    expect(link.pasted.placeholder(false)).toBe('rk_test_…');
    expect(link.pasted.placeholder(true)).toBe('rk_live_…');
    expect(link.pasted.credential('rk_test_abcdefgh1234')).toEqual({ kind: 'secret_key', key: 'rk_test_abcdefgh1234' });
    const url = new URL(
      link.oauth!.client('https://connect.example.com', 1000).authorizeUrl({ clientId: 'ca_1', state: 's', redirectUri: 'https://x/cb' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://connect.example.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'ca_1',
      scope: 'read_only',
      state: 's',
      redirect_uri: 'https://x/cb',
    });
  });

  describe('inbound webhooks', () => {
    const secret = 'whsec_test_secret';
    const delivery = (event: Record<string, unknown>, sign = secret) => {
      const payload = JSON.stringify({ object: 'event', created: 1_764_000_000, data: { object: {} }, ...event });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sign });
      return {
        body: Buffer.from(payload),
        header: (name: string) => (name.toLowerCase() === 'stripe-signature' ? signature : undefined),
        secrets: [secret],
        toleranceSeconds: 300,
      };
    };
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof WebhookRefusedError ? { code: err.code, param: err.param } : err;
      }
      throw new Error('not refused');
    };

    it("routes a direct event to the app's own account, a Connect event to its account, and reads the lifecycle as a grant", () => {
      expect(webhooks!.verify(delivery({ id: 'evt_1a', type: 'customer.created' }))).toEqual({
        id: 'evt_1a',
        type: 'customer.created',
        providerAccountId: null,
        created: 1_764_000_000,
      });
      expect(webhooks!.verify(delivery({ id: 'evt_1b', type: 'customer.created', account: 'acct_1c' }))).toMatchObject({
        providerAccountId: 'acct_1c',
      });
      expect(webhooks!.verify(delivery({ id: 'evt_1c', type: 'account.application.deauthorized', account: 'acct_1c' }))).toMatchObject({
        providerAccountId: 'acct_1c',
        grant: { authorized: false },
      });
      // The platform's own authorization names no connected account: nothing to grant.
      expect(webhooks!.verify(delivery({ id: 'evt_1d', type: 'account.application.authorized' })).grant).toBeUndefined();
    });

    it('refuses a missing or foreign signature and a body that is not an event', () => {
      const unsigned = { ...delivery({ id: 'evt_1a', type: 'x' }), header: () => undefined };
      expect(refusal(() => webhooks!.verify(unsigned))).toEqual({ code: 'signature_missing', param: 'Stripe-Signature' });
      expect(refusal(() => webhooks!.verify(delivery({ id: 'evt_1a', type: 'x' }, 'whsec_other')))).toEqual({
        code: 'signature_invalid',
        param: 'Stripe-Signature',
      });
      expect(refusal(() => webhooks!.verify({ ...delivery({ id: 'evt_1a', type: 'x' }), secrets: [] }))).toEqual({
        code: 'webhook_secret_missing',
        param: undefined,
      });
      expect(refusal(() => webhooks!.verify(delivery({ id: 'cus_1', type: 'x' })))).toEqual({ code: 'event_invalid', param: undefined });
    });
  });
});
