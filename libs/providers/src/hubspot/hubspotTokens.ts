import type { Logger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import { InvalidCredentialError, ProviderRequestError } from '../errors';
import { withRetries } from '../retry/withRetries';
import type { AccessTokenSource } from './hubspotClient';
import { classifyHubspotFailure, CredentialRevokedError, HubspotHttpError } from './hubspotErrors';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** Where the caller keeps an install's tokens (sealed, with the account). */
export interface TokenStore {
  /** HubSpot answered a refresh token other than the one sent: the old one may stop working, keep this one. */
  refreshTokenRotated(refreshToken: string): Promise<void>;
}

export interface HubspotTokensOptions {
  baseUrl: string;
  app: OAuthApp;
  refreshToken: string;
  store: TokenStore;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: Logger;
  /** An access token still valid from an earlier refresh, and when it expires (ms). */
  accessToken?: { token: string; expiresAt: number };
  /** Refresh this long before expiry, so no request leaves with a token about to lapse. */
  refreshMarginMs?: number;
  now?: () => number;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

const DEFAULT_MARGIN_MS = 5 * 60_000;

/** HubSpot's OAuth v1 errors that mean the install is gone, not that we asked badly. */
const REVOKED = new Set(['BAD_REFRESH_TOKEN']);

/**
 * An OAuth app install's access tokens: exchanged from its refresh token at `POST /oauth/v1/token`
 * and refreshed by their lifetime (`expires_in`, 30 minutes), a margin before they lapse. HubSpot
 * says a 401 is not the signal to refresh, so expiry drives it; a 401 still forgets the token
 * (clocks differ) and the client asks once more. Concurrent callers share one refresh.
 */
export class HubspotTokens implements AccessTokenSource {
  private current: { token: string; expiresAt: number } | undefined;
  private refreshToken: string;
  private pending: Promise<string> | undefined;

  constructor(private readonly options: HubspotTokensOptions) {
    this.current = options.accessToken;
    this.refreshToken = options.refreshToken;
  }

  async accessToken(): Promise<string> {
    const now = this.options.now?.() ?? Date.now();
    const margin = this.options.refreshMarginMs ?? DEFAULT_MARGIN_MS;
    if (this.current && this.current.expiresAt - margin > now) return this.current.token;
    this.pending ??= this.refresh().finally(() => (this.pending = undefined));
    return this.pending;
  }

  invalidate(): void {
    this.current = undefined;
  }

  /** When the current access token expires (ms), if there is one. */
  expiresAt(): number | undefined {
    return this.current?.expiresAt;
  }

  private async refresh(): Promise<string> {
    const { options } = this;
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: options.app.clientId,
      client_secret: options.app.clientSecret,
      refresh_token: this.refreshToken,
    });
    const started = options.now?.() ?? Date.now();
    const answer = await withRetries(() => this.post(form), {
      policy: options.retry,
      rateLimit: 'wait',
      classify: (err) => classifyTokenFailure(err),
      logger: options.logger,
      endpoint: '/oauth/v1/token',
    });
    const { access_token: token, refresh_token: refreshToken, expires_in: expiresIn } = answer;
    if (typeof token !== 'string' || typeof expiresIn !== 'number') {
      throw new ProviderRequestError('HubSpot answered a token refresh without access_token or expires_in', 'unexpected_response', 200);
    }
    if (typeof refreshToken === 'string' && refreshToken !== this.refreshToken) {
      await options.store.refreshTokenRotated(refreshToken);
      this.refreshToken = refreshToken;
    }
    this.current = { token, expiresAt: started + expiresIn * 1000 };
    return token;
  }

  private async post(form: URLSearchParams): Promise<TokenAnswer> {
    const response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) throw new HubspotHttpError(response.status, body, response.headers, '/oauth/v1/token');
    return body ?? {};
  }
}

/** OAuth v1 answers errors as `{status: "BAD_REFRESH_TOKEN", message}`: the status word says what went wrong. */
function classifyTokenFailure(err: unknown) {
  if (err instanceof HubspotHttpError && err.status === 400) {
    const reason = typeof err.body?.status === 'string' ? err.body.status : 'BAD_REQUEST';
    const message = typeof err.body?.message === 'string' ? err.body.message : 'the token exchange was refused';
    if (REVOKED.has(reason)) {
      return {
        retry: false as const,
        error: new CredentialRevokedError(
          reason,
          `HubSpot no longer accepts this app install's refresh token (${reason}: ${message}): the app was uninstalled or the token revoked; the portal must install the app again`,
        ),
      };
    }
    return { retry: false as const, error: new InvalidCredentialError(`HubSpot refused the app's token exchange (${reason}: ${message})`) };
  }
  return classifyHubspotFailure(err, { timeZone: undefined });
}
