// Errors a connector throws. Each carries a `code` (snake_case, stable) and a message a person
// can act on; none ever contains a credential. `permanent` tells the loader whether retrying the
// job can help (false) or the account needs attention (true).

export abstract class ProviderError extends Error {
  abstract readonly code: string;
  abstract readonly permanent: boolean;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The key is malformed, unknown, expired or revoked. */
export class InvalidCredentialError extends ProviderError {
  readonly code = 'invalid_credential';
  readonly permanent = true;
}

/** The key is valid but may not do what was asked (a restricted key without read access). */
export class InsufficientPermissionError extends ProviderError {
  readonly code = 'insufficient_permission';
  readonly permanent = true;
}

/** The app's key cannot act for this account: never connected, disconnected, or nonexistent. */
export class AccountNotConnectedError extends ProviderError {
  readonly code = 'account_not_connected';
  readonly permanent = true;
  constructor(
    readonly accountId: string,
    options?: { cause?: unknown },
  ) {
    super(
      `the provider account ${accountId} is not connected to this source's app (never connected, access revoked, or it does not exist)`,
      options,
    );
  }
}

/** 429s, 5xx or network errors outlasted every attempt. */
export class ProviderRetriesExhaustedError extends ProviderError {
  readonly code: string = 'provider_retries_exhausted';
  readonly permanent = false;
  constructor(
    readonly attempts: number,
    readonly lastError: unknown,
    message?: string,
  ) {
    super(message ?? `the provider kept failing after ${attempts} attempts: ${describe(lastError)}`, { cause: lastError });
  }
}

/**
 * No answer from the provider (DNS, refused, reset, timeout) on every attempt. A kind of
 * ProviderRetriesExhaustedError, so one catch covers both.
 */
export class ProviderUnreachableError extends ProviderRetriesExhaustedError {
  override readonly code: string = 'provider_unreachable';
  constructor(attempts: number, lastError: unknown) {
    super(attempts, lastError, `the provider could not be reached (${attempts} attempts): ${describe(lastError)}`);
  }
}

/**
 * Thrown instead of waiting when the caller asked to delay work itself (rateLimit: 'throw'):
 * the budget or the provider wants a pause longer than the in-process bound (docs/queues.md, Failures).
 */
export class ProviderRateLimitedError extends ProviderError {
  readonly code = 'provider_rate_limited';
  readonly permanent = false;
  constructor(
    readonly retryAfterMs: number,
    readonly origin: 'budget' | 'provider',
  ) {
    super(
      origin === 'budget'
        ? `the account's request budget is spent; retry in ${retryAfterMs} ms`
        : `the provider answered 429; retry in ${retryAfterMs} ms`,
    );
  }
}

/** The provider refused the request itself (bad parameter, unknown object); retrying will not help. */
export class ProviderRequestError extends ProviderError {
  readonly permanent = true;
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | undefined,
    readonly param?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The event cursor is older than the provider keeps events (Stripe: 30 days): resync fully. */
/**
 * A change cursor (contract/changes.ts) points where the provider no longer keeps its changes:
 * what changed since cannot be read, and the table must be loaded again (a resync). Connectors
 * throw a subclass that names their own kind of cursor.
 */
export class ChangeCursorExpiredError extends ProviderError {
  readonly code: string = 'change_cursor_expired';
  readonly permanent = true;
}

/** Stripe's change cursor names an event the provider no longer keeps (past its retention). */
export class EventCursorExpiredError extends ChangeCursorExpiredError {
  override readonly code = 'event_cursor_expired';
  constructor(
    readonly cursor: string,
    options?: { cause?: unknown },
  ) {
    super(`event ${cursor} is no longer available at the provider; a full resync is needed`, options);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
