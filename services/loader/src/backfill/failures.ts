import { SecretBoxError } from '@datasync/crypto';
import { DestinationError, TableOwnedError } from '@datasync/destinations';
import { ApiError } from '@datasync/errors';
import { redactAndCap } from '@datasync/logger';
import { ProviderError, ProviderRateLimitedError } from '@datasync/providers';

export type Failure =
  | { kind: 'rate_limited'; retryAfterMs: number; origin: 'budget' | 'provider' }
  /** Retrying cannot help until someone fixes the cause: the account shows `error` at once. */
  | { kind: 'permanent'; code: string; reason: string }
  | { kind: 'transient'; code: string; reason: string };

/**
 * What an error means for the account, with a reason its owner can read. Only messages of our own
 * error classes reach the reason (never a resolved address); anything else is described
 * generically and logged by the caller. Those messages may quote the server's own words (a
 * destination's "refused a statement (…)" carries what its trigger raised, as long as it likes),
 * and the reason is stored on the account and sent in its status events: it is masked and cut
 * like a log line.
 */
export function classifyFailure(err: unknown, context: { destinationName?: string } = {}): Failure {
  const failure = classify(err, context);
  return failure.kind === 'rate_limited' ? failure : { ...failure, reason: redactAndCap(failure.reason) };
}

function classify(err: unknown, context: { destinationName?: string }): Failure {
  if (err instanceof ProviderRateLimitedError) return { kind: 'rate_limited', retryAfterMs: err.retryAfterMs, origin: err.origin };
  if (err instanceof ProviderError) {
    const reason = `The provider refused or failed to serve this account: ${err.message}`;
    return err.permanent ? { kind: 'permanent', code: err.code, reason } : { kind: 'transient', code: err.code, reason };
  }
  if (err instanceof DestinationError) {
    const where = context.destinationName ? `the destination ${context.destinationName}` : 'a destination';
    const reason = `Could not write into ${where}: ${err.message}`;
    return err.permanent ? { kind: 'permanent', code: err.code, reason } : { kind: 'transient', code: err.code, reason };
  }
  if (err instanceof TableOwnedError) {
    // Names the owning sync and environment (names and ids only); it holds until that sync is deleted.
    const where = context.destinationName ? `the destination ${context.destinationName}` : 'a destination';
    return { kind: 'permanent', code: 'table_owned', reason: `Refused to write into ${where}: ${err.message}` };
  }
  if (err instanceof ApiError) {
    // A stored connection string that no longer parses (ConnectionStringError) and the like.
    const where = context.destinationName ? ` of the destination ${context.destinationName}` : '';
    return {
      kind: 'permanent',
      code: err.code ?? 'invalid_configuration',
      reason: `The configuration${where} is not usable: ${err.message}`,
    };
  }
  if (err instanceof SecretBoxError) {
    return {
      kind: 'permanent',
      code: 'secret_unreadable',
      reason:
        'A stored credential could not be opened by the loader (its master keys do not match); the operator must fix SECRETS_MASTER_KEYS.',
    };
  }
  return {
    kind: 'transient',
    code: 'internal_error',
    reason: 'Loading was interrupted by an internal error; it is retried automatically.',
  };
}
