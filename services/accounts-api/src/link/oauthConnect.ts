import { getProvider } from '@datasync/providers';

/** The provider refused the exchange (`refused`: a bad, used or foreign code) or could not be asked (`unreachable`). */
export class ConnectError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConnectError';
  }
}

/** A provider's OAuth-style connect: where to send the customer, and the server-side code exchange. */
export interface OAuthConnect {
  authorizeUrl(input: { clientId: string; state: string; redirectUri: string }): string;
  /** Exchanges a code for the connected account's id, authenticated with the app's secret key. */
  exchangeCode(input: { secretKey: string; code: string }): Promise<{ accountId: string }>;
}

const ACCOUNT_ID = /^acct_[A-Za-z0-9]{1,250}$/;

/**
 * Stripe Connect OAuth (connect.stripe.com, or the emulator). Read-only scope: the service only
 * reads. The exchange is never retried: a code is single-use, so a retry after a lost answer would
 * only be refused as "already used".
 */
export function stripeConnect(baseUrl: string, timeoutMs: number): OAuthConnect {
  return {
    authorizeUrl({ clientId, state, redirectUri }) {
      const url = new URL(`${baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        scope: 'read_only',
        state,
        redirect_uri: redirectUri,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ secretKey, code }) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        throw new ConnectError(
          'unreachable',
          `the token exchange failed: ${err instanceof Error ? err.message : String(err)}`,
          'provider_unreachable',
        );
      }
      const body = (await response.json().catch(() => undefined)) as { stripe_user_id?: unknown; error?: unknown } | undefined;
      if (response.ok && typeof body?.stripe_user_id === 'string' && ACCOUNT_ID.test(body.stripe_user_id)) {
        return { accountId: body.stripe_user_id };
      }
      if (response.status >= 500 || response.status === 429) {
        throw new ConnectError('unreachable', `the token exchange answered ${response.status}`, 'provider_unreachable');
      }
      const errorCode = typeof body?.error === 'string' && /^[a-z_]{1,64}$/.test(body.error) ? body.error : 'invalid_response';
      throw new ConnectError('refused', `the token exchange was refused (${response.status} ${errorCode})`, errorCode);
    },
  };
}

/** The connect client of a catalog provider. */
export function oauthConnectFor(provider: string, connectUrls: Record<string, string>, timeoutMs: number): OAuthConnect {
  switch (getProvider(provider).name) {
    case 'stripe':
      return stripeConnect(connectUrls.stripe as string, timeoutMs);
  }
}
