import { redactString } from '@datasync/logger';
import Stripe from 'stripe';
import { AccountNotConnectedError, InsufficientPermissionError, InvalidCredentialError, ProviderRequestError } from '../errors';
import { parseRetryAfter } from '../retry/backoff';
import type { Failure } from '../retry/withRetries';

const notConnectedText = /does not have access to account|no such account/i;

export interface ClassifyContext {
  /** Set when the request acted for a connected account through the app's key. */
  connectedAccountId?: string;
}

/** Maps an SDK error to retry-or-fail, with typed errors for what retrying cannot fix. */
export function classifyStripeError(err: unknown, ctx: ClassifyContext = {}): Failure {
  if (!(err instanceof Stripe.errors.StripeError)) {
    return { retry: true, reason: 'network', retryAfterMs: null, error: err };
  }
  const headers = err.headers ?? {};
  const retryAfterMs = parseRetryAfter(headers['retry-after']);
  const shouldRetry = headers['stripe-should-retry'];
  const status = err.statusCode;
  if (err instanceof Stripe.errors.StripeConnectionError || status === undefined) {
    return { retry: true, reason: 'network', retryAfterMs, error: err };
  }
  if (status === 429 || err instanceof Stripe.errors.StripeRateLimitError) {
    return { retry: true, reason: 'rate_limited', retryAfterMs, error: err };
  }
  if ((status >= 500 && shouldRetry !== 'false') || shouldRetry === 'true') {
    return { retry: true, reason: 'server_error', retryAfterMs, error: err };
  }
  return { retry: false, error: permanentError(err, status, ctx) };
}

function permanentError(err: Stripe.errors.StripeError, status: number, ctx: ClassifyContext) {
  const providerMessage = redactString(err.message);
  if (status === 401) {
    return new InvalidCredentialError(
      ctx.connectedAccountId
        ? "the provider rejected the source's app key (unknown, expired or revoked)"
        : 'the provider rejected the key (unknown, expired or revoked)',
      { cause: err },
    );
  }
  // Stripe answers 403 `account_invalid` ("The provided key … does not have access to account …")
  // when the account never connected, revoked access or does not exist.
  if (ctx.connectedAccountId && (err.code === 'account_invalid' || status === 403 || notConnectedText.test(err.message))) {
    return new AccountNotConnectedError(ctx.connectedAccountId, { cause: err });
  }
  if (status === 403) {
    return new InsufficientPermissionError(`the key may not read this (a restricted key needs read access): ${providerMessage}`, {
      cause: err,
    });
  }
  return new ProviderRequestError(providerMessage, err.code ?? err.type ?? 'invalid_request', status, err.param, {
    cause: err,
  });
}
