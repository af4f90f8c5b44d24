import type { Logger } from '@datasync/logger';
import type Stripe from 'stripe';
import type { ProviderSettings } from '../config';
import type { VerifiedAccount } from '../connector';
import { ProviderRequestError, ProviderRetriesExhaustedError, ProviderUnreachableError } from '../errors';
import { withRetries } from '../retry/withRetries';
import { stripeGet } from './stripeClient';
import { classifyStripeError } from './stripeErrors';

// Accounts older than Stripe itself do not exist; reported when an account object has no `created`
// (Stripe omits it on some accounts). No backfill is bounded by it (see findOldestCreated).
const STRIPE_EPOCH = 1_262_304_000; // 2010-01-01T00:00:00Z

export interface VerifyRequest {
  client: Stripe;
  connectedAccountId?: string;
  livemode: boolean;
  settings: ProviderSettings;
  logger: Logger;
}

/**
 * GET /v1/account with the key (and `Stripe-Account` for a connected account). A person waits
 * for this answer, so it retries less than a background read; whatever outlasts the retries
 * is reported as the provider being unreachable.
 */
export async function verifyAccount(request: VerifyRequest): Promise<VerifiedAccount> {
  const { client, connectedAccountId, settings, logger } = request;
  const policy = {
    maxAttempts: Math.min(3, settings.retry.maxAttempts),
    baseDelayMs: Math.min(250, settings.retry.baseDelayMs),
    maxDelayMs: Math.min(2000, settings.retry.maxDelayMs),
  };
  let body: Record<string, unknown>;
  try {
    ({ body } = await withRetries(() => stripeGet(client, '/v1/account', '', connectedAccountId), {
      policy,
      rateLimit: 'wait',
      classify: (err) => classifyStripeError(err, connectedAccountId ? { connectedAccountId } : {}),
      logger,
      endpoint: '/v1/account',
    }));
  } catch (err) {
    if (err instanceof ProviderRetriesExhaustedError && !(err instanceof ProviderUnreachableError)) {
      throw new ProviderUnreachableError(err.attempts, err.lastError);
    }
    throw err;
  }
  return toVerifiedAccount(body, request);
}

function toVerifiedAccount(body: Record<string, unknown>, request: VerifyRequest): VerifiedAccount {
  const account = body as Partial<Stripe.Account>;
  if (typeof account.id !== 'string' || !account.id.startsWith('acct_')) {
    throw new ProviderRequestError('the provider answered GET /v1/account without an account id', 'unexpected_response', 200);
  }
  if (request.connectedAccountId && account.id !== request.connectedAccountId) {
    throw new ProviderRequestError(
      `the provider answered for ${account.id} instead of ${request.connectedAccountId}`,
      'unexpected_response',
      200,
    );
  }
  const name = account.settings?.dashboard?.display_name || account.business_profile?.name || account.email || null;
  return {
    accountId: account.id,
    name,
    created: typeof account.created === 'number' ? account.created : STRIPE_EPOCH,
    livemode: request.livemode,
  };
}
