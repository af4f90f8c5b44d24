import { silentLogger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import { InvalidCredentialError } from '../errors';
import type { RefreshableTokens } from '../providerModule';
import type { HubspotCredential } from './hubspotCredentials';
import { hubspotSecretOf } from './hubspotCredentialKinds';
import { HUBSPOT_API_BASE_URL } from './hubspotOAuthConnect';
import { HubspotTokens } from './hubspotTokens';

/** Refresh this long before an access token's 30 minutes run out: no job starts with one about to lapse. */
export const HUBSPOT_REFRESH_MARGIN_MS = 5 * 60_000;

const DEFAULT_TIMEOUT_MS = 10_000;
// A refresh is one small request: a few quick tries, then the job's own retry takes over.
const REFRESH_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };

/**
 * An install's tokens as the engine refreshes them: by expiry (HubSpot says a 401 is not the
 * signal), and each refresh answers the whole sealed secret again (the refresh token, rotated if
 * HubSpot rotated it, and the new access token) for the caller's TokenStore. A revoked install
 * throws CredentialRevokedError (permanent, with HubSpot's reason).
 */
export function hubspotRefreshableTokens(options: { now?: () => number; retry?: RetryPolicy } = {}): RefreshableTokens<HubspotCredential> {
  return {
    // No expiry known (an install registered with its refresh token only): refresh before first use.
    needsRefresh: (expiresAt, now) => expiresAt === null || expiresAt.getTime() - HUBSPOT_REFRESH_MARGIN_MS <= now.getTime(),
    async refresh(credential, context) {
      if (credential.kind !== 'oauth_refresh_token')
        throw new InvalidCredentialError('a HubSpot access token does not expire: nothing to refresh');
      if (!context.sourceSecret || !context.sourceClientId) {
        throw new Error("refreshing a HubSpot install needs the source's client id and client secret");
      }
      let refreshToken = credential.refreshToken;
      const tokens = new HubspotTokens({
        baseUrl: context.baseUrl ?? HUBSPOT_API_BASE_URL,
        app: { clientId: context.sourceClientId, clientSecret: context.sourceSecret },
        refreshToken,
        store: { refreshTokenRotated: (rotated) => Promise.resolve(void (refreshToken = rotated)) },
        timeoutMs: context.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        retry: options.retry ?? REFRESH_RETRY,
        logger: context.logger ?? silentLogger(),
        now: options.now,
      });
      const token = await tokens.accessToken();
      const expiresAt = tokens.expiresAt();
      if (expiresAt === undefined) throw new Error('a HubSpot refresh answered no expiry');
      return {
        secret: hubspotSecretOf({ kind: 'oauth_refresh_token', refreshToken, accessToken: { token, expiresAt } }),
        expiresAt: new Date(expiresAt),
      };
    },
  };
}
