import Joi from 'joi';
import type { ProviderCredential } from '../credentials';
import type { ProviderModule } from '../providerModule';
import { keyMode, stripeAccountIdSchema, stripeCredentialOf, stripeCredentialSchema } from './stripeCredentials';
import { stripeOAuthConnect } from './stripeOAuthConnect';
import { stripeWebhooks } from './stripeWebhooks';

// Stripe Connect's client id is `ca_` and letters and digits; the column's own check
// (`^[A-Za-z0-9_]{1,255}$`) is wider.
const oauthClientIdSchema = Joi.string()
  .pattern(/^ca_[A-Za-z0-9]{1,252}$/)
  .messages({ 'string.pattern.base': '{#label} must be a Stripe Connect client id: ca_ followed by letters and digits' });

const secretOf = (credential: ProviderCredential): string | null => (credential.kind === 'secret_key' ? credential.key : null);

/**
 * Stripe: an account brings its own key (`secret_key`, sealed on its row) or is connected to the
 * source's app (`connected_account`, read with the app's key and `Stripe-Account`). No token
 * expires, so there is nothing to refresh.
 */
export const stripeModule: ProviderModule = {
  provider: 'stripe',
  credentials: {
    kinds: [
      { kind: 'secret_key', sealed: true, refreshable: false },
      { kind: 'connected_account', sealed: false, refreshable: false },
    ],
    spec: { schema: stripeCredentialSchema, credential: stripeCredentialOf },
    app: {
      type: 'stripe-app',
      accountIdSchema: stripeAccountIdSchema,
      credential: (accountId) => ({ kind: 'connected_account', accountId }),
    },
    secretOf,
    fromStored(stored) {
      if (stored.kind === 'secret_key') {
        if (stored.secret === null) throw new Error('an account with a secret key credential has no stored key');
        return { kind: 'secret_key', key: stored.secret };
      }
      if (stored.kind === 'connected_account') return { kind: 'connected_account', accountId: stored.externalId };
      throw new Error(`stripe has no credential kind "${stored.kind}"`);
    },
    // The provider checks the rest of the format when it verifies.
    text: {
      credential: (text) =>
        /^acct_/.test(text)
          ? { kind: 'connected_account', accountId: text }
          : /^(sk|rk)_/.test(text)
            ? { kind: 'secret_key', key: text }
            : undefined,
      rule: 'the account’s secret key (sk_…), a restricted key (rk_…), or the acct_… id of an account connected to the source’s app',
    },
    usesSourceSecret: (credential) => credential.kind === 'connected_account',
    refusal: (credential) =>
      credential.kind === 'secret_key'
        ? {
            what: 'key',
            fix: "Send the account's own secret key (sk_…) or a restricted key (rk_…) with read access, copied whole from its dashboard.",
          }
        : { what: 'account id', fix: 'Send the acct_… id of an account connected to the app.' },
    livemodeOf: (credential, sourceSecret) =>
      credential.kind === 'secret_key'
        ? keyMode(credential.key).livemode
        : sourceSecret !== undefined
          ? keyMode(sourceSecret).livemode
          : undefined,
  },
  sourceForm: {
    credential: (privateKey) => ({ kind: 'secret_key', key: privateKey }),
    fields: [
      {
        name: 'private_key',
        label: 'Secret key of the Stripe account that owns your app',
        hint: 'sk_… or a restricted key (rk_…) with read access. Verified with Stripe before the source is created, stored encrypted, never shown again.',
        placeholder: 'sk_test_…',
        secret: true,
      },
    ],
    secretDescription:
      'stripe: the secret or restricted key (sk_…/rk_…) of the account that owns the app; verified before creation, stored encrypted, never returned',
    oauthClientId: {
      schema: oauthClientIdSchema,
      description:
        "stripe: the Connect application's OAuth client id (ca_…, from the Connect settings of the account that owns the app); " +
        'the Link page offers Connect with Stripe only when it is set. Public, not a secret',
    },
  },
  link: {
    pasted: {
      title: 'Paste a restricted key',
      fieldLabel: 'Restricted key',
      placeholder: (livemode) => (livemode ? 'rk_live_…' : 'rk_test_…'),
      hint: (label) =>
        `In your ${label} dashboard open Developers → API keys, create a restricted key with read access, and paste it here. It ` +
        'travels encrypted, is stored encrypted and is never shown again. A secret key (sk_…) works too.',
      credential: (text) => ({ kind: 'secret_key', key: text }),
      refusedHelp: (label) =>
        `${label} did not accept this key. Copy the whole restricted key (rk_…) or secret key (sk_…) from your ${label} dashboard and paste it again.`,
      modeMismatchHelp: (org, sourceLivemode) =>
        sourceLivemode
          ? `This is a test-mode key, but ${org} asks for your live account. Paste a live-mode key (rk_live_… or sk_live_…).`
          : `This is a live-mode key, but ${org} asks for a test-mode account. Paste a test-mode key (rk_test_… or sk_test_…).`,
    },
    oauth: { defaultBaseUrl: 'https://connect.stripe.com', client: stripeOAuthConnect },
  },
  webhooks: stripeWebhooks,
};
