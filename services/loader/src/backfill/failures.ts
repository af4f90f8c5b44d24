import { SecretBoxError } from '@datasync/crypto';
import { DestinationError, TableOwnedError } from '@datasync/destinations';
import { ApiError } from '@datasync/errors';
import { redactAndCap } from '@datasync/logger';
import { ProviderError, ProviderRateLimitedError } from '@datasync/providers';

export type Failure =
  | { kind: 'rate_limited'; retryAfterMs: number; origin: 'budget' | 'provider' }
  /**
   * Retrying cannot help until someone fixes the cause: the account shows `error` at once.
   * `abnormal`: a crash-like failure (content over a read bound, memory exhausted) that would take
   * down or block any loader trying again; the job is poisoned, never retried automatically.
   */
  | { kind: 'permanent'; code: string; reason: string; abnormal?: true }
  | { kind: 'transient'; code: string; reason: string };

// Said first in an abnormal failure's reason: what the owner sees on the account's status.
const POISONED =
  'Automatic retries are stopped for this account until the cause is removed and an operator lets it retry, or a new credential is connected.';

/**
 * V8's and Node's refusals to allocate past their limits: a buffer or string too large to create.
 * The process survives them, but the same job would meet them again on any loader.
 */
function isMemoryExhausted(err: unknown): boolean {
  if (!(err instanceof RangeError)) return false;
  const code = (err as { code?: unknown }).code;
  if (code === 'ERR_BUFFER_TOO_LARGE' || code === 'ERR_STRING_TOO_LONG') return true;
  return /Array buffer allocation failed|Invalid string length|Invalid typed array length/.test(err.message);
}

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
  if (err instanceof DestinationError && err.code === 'content_too_large') {
    const where = context.destinationName ? `the destination ${context.destinationName}` : 'a destination';
    return { kind: 'permanent', code: err.code, reason: `${POISONED} Content of ${where} is too large: ${err.message}`, abnormal: true };
  }
  if (isMemoryExhausted(err)) {
    return {
      kind: 'permanent',
      code: 'resource_exhausted',
      reason: `${POISONED} Loading this account needed more memory than one value or buffer may take in a loader.`,
      abnormal: true,
    };
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
