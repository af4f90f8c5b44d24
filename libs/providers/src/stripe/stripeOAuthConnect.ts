import { ConnectError, type OAuthConnect } from '../linkConnect';

const ACCOUNT_ID = /^acct_[A-Za-z0-9]{1,250}$/;

/**
 * Stripe Connect OAuth (connect.stripe.com, or the emulator). Read-only scope: the service only
 * reads. The exchange is never retried: a code is single-use, so a retry after a lost answer would
 * only be refused as "already used". The answer is the connected account, reached with the app's key.
 */
export function stripeOAuthConnect(baseUrl: string, timeoutMs: number): OAuthConnect {
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
    async exchangeCode({ sourceSecret, code }) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sourceSecret}`, 'content-type': 'application/x-www-form-urlencoded' },
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
        return { kind: 'connected_account', accountId: body.stripe_user_id };
      }
      if (response.status >= 500 || response.status === 429) {
        throw new ConnectError('unreachable', `the token exchange answered ${response.status}`, 'provider_unreachable');
      }
      const errorCode = typeof body?.error === 'string' && /^[a-z_]{1,64}$/.test(body.error) ? body.error : 'invalid_response';
      throw new ConnectError('refused', `the token exchange was refused (${response.status} ${errorCode})`, errorCode);
    },
  };
}
