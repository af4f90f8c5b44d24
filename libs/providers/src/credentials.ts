import { InvalidCredentialError } from './errors';

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

export type ProviderCredential = SecretKeyCredential | ConnectedAccountCredential;

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
