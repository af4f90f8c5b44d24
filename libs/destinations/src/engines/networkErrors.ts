import type { ClassifiedError } from './types';

const unreachable = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EHOSTDOWN', 'ENETDOWN']);
const dropped = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
// Node reports certificate problems with OpenSSL's names as codes.
const certificateCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'EPROTO',
]);

/** Socket and TLS failures, which look the same whatever the driver. */
export function classifyNetworkError(err: unknown): ClassifiedError | undefined {
  if (!isErrorLike(err)) return undefined;
  const code = typeof err.code === 'string' ? err.code : '';
  if (code === 'ECONNREFUSED') return { code: 'refused' };
  if (code === 'ETIMEDOUT') return { code: 'timeout' };
  if (unreachable.has(code)) return { code: 'unreachable' };
  if (dropped.has(code)) return { code: 'connection_failed', detail: 'the server closed the connection' };
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || certificateCodes.has(code)) {
    return { code: 'tls', detail: err.message };
  }
  return undefined;
}

/**
 * Whether `err` looks like an Error. Not `instanceof`: errors made by Node's own modules come
 * from another realm under test runners and VMs, and drivers rethrow what they get.
 */
export function isErrorLike(err: unknown): err is Error & { code?: unknown } {
  return typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string';
}
