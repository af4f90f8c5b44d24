import { ConnectError, type OAuthConnect } from '../linkConnect';
import type { HubspotCredential } from './hubspotCredentials';

/** Where HubSpot answers its API (OAuth v1 included) unless configured. */
export const HUBSPOT_API_BASE_URL = 'https://api.hubapi.com';

/** Read-only: the service only reads the CRM objects its catalog lists. */
export const HUBSPOT_READ_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  'crm.objects.owners.read',
  'tickets',
  'e-commerce',
] as const;

/**
 * HubSpot's install screen lives on app.hubspot.com, its token endpoint on the API host; one base
 * URL is configured (the API's), so the screen is derived: HubSpot's own for its own API, the
 * emulator's stand-in (`/hubspot/oauth/authorize`) for any other base.
 */
export function hubspotAuthorizePage(apiBaseUrl: string): string {
  const base = apiBaseUrl.replace(/\/$/, '');
  return base === HUBSPOT_API_BASE_URL ? 'https://app.hubspot.com/oauth/authorize' : `${base}/hubspot/oauth/authorize`;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  status?: unknown;
}

/**
 * HubSpot's OAuth install for the Link page: the install screen, then `POST /oauth/v1/token`
 * (`authorization_code`) with the app's client id and secret and the same redirect URI. The
 * answer is an install credential: its refresh token and first access token (30 minutes). The
 * exchange is never retried: a code is single-use, so a retry after a lost answer would only be
 * refused as BAD_AUTH_CODE. The portal is learnt by verifying the access token afterwards.
 */
export function hubspotOAuthConnect(apiBaseUrl: string, timeoutMs: number, now: () => number = Date.now): OAuthConnect<HubspotCredential> {
  const base = apiBaseUrl.replace(/\/$/, '');
  return {
    authorizeUrl({ clientId, state, redirectUri }) {
      const url = new URL(hubspotAuthorizePage(base));
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: HUBSPOT_READ_SCOPES.join(' '),
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ sourceSecret, code, clientId, redirectUri }) {
      if (!clientId || !redirectUri) {
        // A caller's bug, not the customer's: HubSpot refuses an exchange without both.
        throw new ConnectError(
          'refused',
          'the HubSpot token exchange needs the client id and redirect URI of the authorize step',
          'exchange_incomplete',
        );
      }
      const started = now();
      let response: Response;
      try {
        response = await fetch(`${base}/oauth/v1/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            client_id: clientId,
            client_secret: sourceSecret,
            redirect_uri: redirectUri,
            code,
          }).toString(),
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
      const body = (await response.json().catch(() => undefined)) as TokenAnswer | undefined;
      const { access_token: token, refresh_token: refreshToken, expires_in: expiresIn } = body ?? {};
      if (response.ok && typeof token === 'string' && typeof refreshToken === 'string' && typeof expiresIn === 'number' && expiresIn > 0) {
        return { kind: 'oauth_refresh_token', refreshToken, accessToken: { token, expiresAt: started + expiresIn * 1000 } };
      }
      if (response.status >= 500 || response.status === 429) {
        throw new ConnectError('unreachable', `the token exchange answered ${response.status}`, 'provider_unreachable');
      }
      // OAuth v1 names its errors in `status` (BAD_AUTH_CODE, BAD_REDIRECT_URI…): lowercased as our code.
      const status =
        typeof body?.status === 'string' && /^[A-Z_]{1,64}$/.test(body.status) ? body.status.toLowerCase() : 'invalid_response';
      throw new ConnectError('refused', `the token exchange was refused (${response.status} ${status})`, status);
    },
  };
}
