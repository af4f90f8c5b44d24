import Joi from 'joi';
import { InvalidCredentialError } from '../errors';

/** The account's own secret (`sk_…`) or restricted (`rk_…`) key. */
export interface SecretKeyCredential {
  kind: 'secret_key';
  key: string;
}

/** An account connected to the source's app: requests use the app's key and `Stripe-Account`. */
export interface ConnectedAccountCredential {
  kind: 'connected_account';
  accountId: string;
}

export type StripeCredential = SecretKeyCredential | ConnectedAccountCredential;

const keyPattern = /^(sk|rk)_(live|test)_[A-Za-z0-9]{8,247}$/;
const accountIdPattern = /^acct_[A-Za-z0-9]{1,250}$/;

/** Whether a key is live-mode; throws InvalidCredentialError when it does not look like a key at all. */
export function keyMode(key: string): { livemode: boolean } {
  const match = keyPattern.exec(key);
  if (!match) {
    throw new InvalidCredentialError(
      'the key is not a Stripe secret or restricted key (expected sk_live_…, sk_test_…, rk_live_… or rk_test_…)',
    );
  }
  return { livemode: match[2] === 'live' };
}

export function assertAccountId(accountId: string): void {
  if (!accountIdPattern.test(accountId)) {
    throw new InvalidCredentialError('the account id is not a Stripe account id (expected acct_…)');
  }
}

// The request schemas. No message repeats a value: a credential must never be echoed.
const CREDENTIAL_RULE =
  "must be the account's own Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…), " +
  'or an object with accountId (acct_…) for an account connected to the app of the source';

/** `credentials.accountId` of POST /sources/{sourceName}/accounts, and the object form of `credential`. */
export const stripeAccountIdSchema = Joi.string()
  .pattern(accountIdPattern)
  .messages({ 'string.pattern.base': '{#label} must be a Stripe account id (acct_…)' })
  .description("the provider's id of an account connected to the source's app (acct_…)");

const secretKeySchema = Joi.string()
  .pattern(keyPattern)
  .messages({ 'string.pattern.base': `{#label} ${CREDENTIAL_RULE}`, 'string.empty': `{#label} ${CREDENTIAL_RULE}` })
  .description("the account's own secret (sk_…) or restricted (rk_…) key; stored encrypted, never returned");

/** `credential` of POST /accounts: a key of the account itself, or a connected account's id. */
export const stripeCredentialSchema = Joi.alternatives()
  .try(
    secretKeySchema,
    Joi.object({ accountId: stripeAccountIdSchema.required() }).description('an account connected to the app of the source'),
  )
  .messages({ 'alternatives.types': `{#label} ${CREDENTIAL_RULE}`, 'alternatives.match': `{#label} ${CREDENTIAL_RULE}` })
  .description('stripe: a key of the account itself, or { "accountId": "acct_…" } for an account connected to the app');

/** The credential a validated `credential` value stands for. */
export function stripeCredentialOf(value: unknown): StripeCredential {
  if (typeof value === 'string') return { kind: 'secret_key', key: value };
  const accountId = (value as { accountId?: unknown } | null)?.accountId;
  if (typeof accountId !== 'string') throw new InvalidCredentialError('the credential is neither a key nor an account id');
  return { kind: 'connected_account', accountId };
}
