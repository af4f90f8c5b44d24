import {
  InsufficientPermissionError,
  InvalidCredentialError,
  ProviderError,
  ProviderRateLimitedError,
  ProviderRequestError,
} from '../errors';
import { parseRetryAfter } from '../retry/backoff';
import type { Failure } from '../retry/withRetries';
import { msUntilLocalMidnight } from './portalTime';

/**
 * The app install's refresh token no longer works (the app was uninstalled, the token deleted or
 * replaced): nothing but a new install helps. `reason` is HubSpot's own word (BAD_REFRESH_TOKEN…).
 */
export class CredentialRevokedError extends ProviderError {
  readonly code = 'credential_revoked';
  readonly permanent = true;
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** A HubSpot answer other than 2xx, as the client read it (the body never carries our token). */
export class HubspotHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | undefined,
    readonly headers: Headers,
    readonly endpoint: string,
  ) {
    super(`HubSpot answered ${status} to ${endpoint}: ${typeof body?.message === 'string' ? body.message : 'no message'}`);
    this.name = 'HubspotHttpError';
  }
}

/** Waits HubSpot's answers call for when they give none themselves (usage guidelines: windows of 1 s and 10 s). */
export const RATE_LIMIT_WAIT_MS = { SECONDLY: 1_000, TEN_SECONDLY_ROLLING: 2_000 } as const;

export interface ClassifyContext {
  /** The portal's IANA time zone: the daily limit resets at its midnight. */
  timeZone: string | undefined;
  now?: () => number;
}

/**
 * How one failed request is handled. 429s are read by their `policyName`: the daily limit is not
 * waited out in process (it resets at the portal's midnight, hours away), the secondly (search)
 * and ten-secondly windows are, no sooner than Retry-After when HubSpot sends one.
 */
export function classifyHubspotFailure(err: unknown, context: ClassifyContext): Failure {
  if (!(err instanceof HubspotHttpError)) {
    if (err instanceof ProviderError) return { retry: false, error: err };
    return { retry: true, reason: 'network', retryAfterMs: null, error: err };
  }
  const { status, body, headers } = err;
  const category = typeof body?.category === 'string' ? body.category : undefined;
  const message = typeof body?.message === 'string' ? body.message : `HubSpot answered ${status}`;
  if (status === 429) {
    const policy = typeof body?.policyName === 'string' ? body.policyName : 'TEN_SECONDLY_ROLLING';
    if (policy === 'DAILY') {
      const now = context.now?.() ?? Date.now();
      return { retry: false, error: new ProviderRateLimitedError(msUntilLocalMidnight(now, context.timeZone ?? 'UTC'), 'provider') };
    }
    const fallback = policy === 'SECONDLY' ? RATE_LIMIT_WAIT_MS.SECONDLY : RATE_LIMIT_WAIT_MS.TEN_SECONDLY_ROLLING;
    return {
      retry: true,
      reason: 'rate_limited',
      retryAfterMs: parseRetryAfter(headers.get('retry-after') ?? undefined) ?? fallback,
      error: err,
    };
  }
  if (status >= 500 || status === 423) {
    // 423: HubSpot locks a record for about two seconds during concurrent writes (error handling guide).
    return { retry: true, reason: 'server_error', retryAfterMs: parseRetryAfter(headers.get('retry-after') ?? undefined), error: err };
  }
  if (status === 401) {
    return {
      retry: false,
      error: new InvalidCredentialError(`HubSpot refused the access token (${category ?? 'INVALID_AUTHENTICATION'}): ${message}`),
    };
  }
  if (status === 403) {
    return { retry: false, error: new InsufficientPermissionError(`HubSpot refused the request for lack of a scope: ${message}`) };
  }
  return {
    retry: false,
    error: new ProviderRequestError(
      `HubSpot refused ${err.endpoint}: ${message}`,
      (category ?? `http_${status}`).toLowerCase(),
      status,
      undefined,
      {
        cause: err,
      },
    ),
  };
}
