import { DestinationError, type FailureCode } from '../../errors';
import { classifyNetworkError, isErrorLike } from '../networkErrors';
import type { ClassifiedError } from '../types';

/** Where a request went, for messages: never the secret, never the address the host resolved to. */
export interface S3Target {
  /** `host:port` as written. */
  where: string;
  bucket: string;
  accessKeyId: string;
}

/** What a failing request was doing. */
export interface S3Operation {
  /** The IAM permission the request needs (`s3:PutObject`). */
  permission: string;
  /** Completes "… may not …" and "… while …": "write objects under the prefix". */
  action: string;
}

// S3's own error codes (the SDK's error name); the rest are judged by HTTP status.
const byS3Code: Record<string, FailureCode> = {
  NoSuchBucket: 'bucket_missing',
  InvalidAccessKeyId: 'authentication',
  SignatureDoesNotMatch: 'authentication',
  InvalidToken: 'authentication',
  ExpiredToken: 'authentication',
  AccessDenied: 'privilege',
  Forbidden: 'privilege',
  AllAccessDisabled: 'privilege',
  AccountProblem: 'privilege',
  // Amazon's ways of saying the bucket lives in another region than the one the request was signed for.
  PermanentRedirect: 'connection_string_invalid',
  AuthorizationHeaderMalformed: 'connection_string_invalid',
  IllegalLocationConstraintException: 'connection_string_invalid',
  SlowDown: 'unavailable',
  ServiceUnavailable: 'unavailable',
  InternalError: 'unavailable',
  RequestTimeout: 'timeout',
  TimeoutError: 'timeout',
  RequestTimeTooSkewed: 'connection_failed',
};

function s3Code(err: Error): string | undefined {
  const code = (err as { Code?: unknown }).Code;
  if (typeof code === 'string') return code;
  return err.name && err.name !== 'Error' ? err.name : undefined;
}

function httpStatus(err: Error): number | undefined {
  const status = (err as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

// When a socket error is not an instance of the SDK's own realm's Error (Node's errors under test
// runners and VMs), the SDK keeps only its text: "AWS SDK error wrapper for Error: <message>".
const WRAPPED = /^AWS SDK error wrapper for (?:\w*Error: )?(.*)$/s;
const TLS_TEXT = /certificate|self[- ]signed|\bSSL\b|\bTLS\b|altnames/i;

function classifyWrapped(err: Error): ClassifiedError | undefined {
  const text = WRAPPED.exec(err.message)?.[1];
  if (text === undefined) return undefined;
  if (TLS_TEXT.test(text)) return { code: 'tls', detail: text };
  if (/ECONNREFUSED/.test(text)) return { code: 'refused' };
  if (/ETIMEDOUT|timed? ?out/i.test(text)) return { code: 'timeout' };
  return { code: 'connection_failed', detail: text };
}

/** Maps an SDK or socket error to a failure code; `detail` is S3's error code (and message). */
export function classifyS3Error(err: unknown): ClassifiedError | undefined {
  if (!isErrorLike(err)) return undefined;
  const network = classifyNetworkError(err) ?? classifyWrapped(err);
  if (network) return network;
  const code = s3Code(err);
  const known = code ? byS3Code[code] : undefined;
  if (known) return { code: known, detail: known === 'connection_string_invalid' ? `${code}: ${err.message}` : code };
  const status = httpStatus(err);
  if (status === undefined) return undefined;
  if (status === 403) return { code: 'privilege', detail: code ?? 'HTTP 403' };
  if (status >= 500) return { code: 'unavailable', detail: code ?? `HTTP ${status}` };
  return { code: 'statement_failed', detail: `${code ?? `HTTP ${status}`}: ${err.message}` };
}

function message(failure: ClassifiedError, target: S3Target, op?: S3Operation): string {
  const { where, bucket, accessKeyId } = target;
  const during = op ? ` while trying to ${op.action}` : '';
  switch (failure.code) {
    case 'bucket_missing':
      return `The bucket "${bucket}" does not exist at ${where}. Create it, or correct the bucket in the connection string.`;
    case 'authentication':
      if (failure.detail === 'SignatureDoesNotMatch') {
        return (
          `${where} refused the request signature (signature mismatch): the secret does not belong to the access key ` +
          `"${accessKeyId}". Check the secret in the connection string; percent-encode "%", "#" and spaces in it.`
        );
      }
      if (failure.detail === 'InvalidAccessKeyId') {
        return `${where} does not know the access key "${accessKeyId}". Check the access key in the connection string.`;
      }
      return `${where} refused the credentials of the access key "${accessKeyId}" (${failure.detail ?? 'authentication'}).`;
    case 'privilege':
      return (
        `Access denied: the access key "${accessKeyId}" may not ${op?.action ?? 'use'} in the bucket "${bucket}"` +
        `${op ? ` (it needs ${op.permission})` : ''}. Grant it s3:PutObject, s3:GetObject, s3:ListBucket and ` +
        's3:DeleteObject on the prefix; see the documentation for a policy.'
      );
    case 'connection_string_invalid':
      return `${where} says the bucket "${bucket}" is in another region (${failure.detail ?? ''}). Set ?region= to the bucket's region.`;
    case 'refused':
      return `Nothing accepts connections at ${where} (connection refused). Check the host and port.`;
    case 'unreachable':
      return `${where} cannot be reached from the service's network. Check the host and the firewall.`;
    case 'timeout':
      return `${where} did not answer in time${during}.`;
    case 'tls':
      return `The TLS connection to ${where} failed (${failure.detail ?? 'handshake'}); the endpoint needs a certificate valid for its host name.`;
    case 'unavailable':
      return `${where} is not accepting requests right now (${failure.detail ?? 'unavailable'}). Try again later.`;
    case 'connection_failed':
      if (failure.detail === 'RequestTimeTooSkewed') {
        return `${where} refused the request time: its clock and the service's differ by more than 15 minutes.`;
      }
      return `The connection to ${where} failed${failure.detail ? ` (${failure.detail})` : ''}.`;
    default:
      return `${where} refused a request${during} (${failure.detail ?? failure.code}).`;
  }
}

/**
 * An error met talking to S3 as a DestinationError whose message says what to fix; errors no one
 * recognises (programming errors) pass unchanged.
 */
export function s3Failure(err: unknown, target: S3Target, op?: S3Operation): unknown {
  if (err instanceof DestinationError) return err;
  const failure = classifyS3Error(err);
  if (!failure) return err;
  return new DestinationError(failure.code, message(failure, target, op), err);
}
