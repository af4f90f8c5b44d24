import { ApiError, InvalidRequestError } from '@datasync/errors';

/** The request field a destination error points at in the API. */
const CONNECTION_STRING_PARAM = 'connection_string';

/**
 * A connection string that cannot be used as given. A 400 the API can return as is: the
 * message names the offending part and never repeats the password.
 */
export class ConnectionStringError extends InvalidRequestError {
  constructor(message: string) {
    super(message, { code: 'connection_string_invalid', param: CONNECTION_STRING_PARAM });
  }
}

/** Why connecting to, or writing into, a destination failed. Each has its own message. */
export type FailureCode =
  | 'connection_string_invalid'
  | 'dns'
  | 'private_network'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'tls'
  | 'authentication'
  | 'database_missing'
  | 'bucket_missing'
  | 'schema_missing'
  | 'privilege'
  | 'unavailable'
  | 'connection_failed'
  | 'statement_failed'
  /**
   * A table or column the loader writes is gone (dropped or renamed behind its back): retried by
   * the loader's attach, which creates it again and resyncs what it held (docs/destinations.md).
   */
  | 'table_changed'
  /** The destination holds content over one of the loader's read bounds (bounds/readBounds.ts). */
  | 'content_too_large';

// Retrying these cannot help until someone changes the destination or its connection string,
// so the loader fails such jobs at once instead of backing off.
const permanentFailures: ReadonlySet<FailureCode> = new Set<FailureCode>([
  'connection_string_invalid',
  'private_network',
  'tls',
  'authentication',
  'database_missing',
  'bucket_missing',
  'schema_missing',
  'privilege',
  'content_too_large',
]);

/**
 * A destination could not be reached or used. It is a 400 in the API (the destination is the
 * caller's to fix); `code` says which failure, the message says what to do about it and never
 * contains the password or an address the host resolved to.
 */
export class DestinationError extends ApiError {
  declare readonly code: FailureCode;

  /** `cause`: the driver's error, for logs and for asking the server what exactly was missing. */
  constructor(code: FailureCode, message: string, cause?: unknown) {
    super(400, 'invalid_request_error', message, { code, param: CONNECTION_STRING_PARAM });
    if (cause !== undefined) this.cause = cause;
  }

  /** True when retrying without a change to the destination cannot succeed. */
  get permanent(): boolean {
    return permanentFailures.has(this.code);
  }
}
