import { ApiError } from '@datasync/errors';

// Stripe's own messages and codes, so that the SDK raises the same error classes (it maps by
// status: 400/404 → StripeInvalidRequestError, 401 → StripeAuthenticationError, 403 →
// StripePermissionError, 429 → StripeRateLimitError, 5xx → StripeAPIError) and a connector
// written against the emulator reads real Stripe's errors the same way.

function invalid(
  status: number,
  message: string,
  options: { code?: string; param?: string; headers?: Record<string, string> } = {},
): ApiError {
  return new ApiError(status, 'invalid_request_error', message, options);
}

/** `sk_test_51Ab…` → `sk_test_********************wxyz`, as Stripe echoes keys. */
export function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.length > prefix.length + 4 ? key.slice(-4) : '';
  return `${prefix}${'*'.repeat(Math.max(0, Math.min(24, key.length - prefix.length - tail.length)))}${tail}`;
}

export const stripeErrors = {
  missingKey: () =>
    invalid(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ),
  invalidKey: (key: string) => invalid(401, `Invalid API Key provided: ${maskKey(key)}`, { code: 'api_key_invalid' }),
  accountNotConnected: (key: string, account: string) =>
    invalid(
      403,
      `The provided key '${maskKey(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
      { code: 'account_invalid' },
    ),
  // A restricted key whose permission for the resource is None (https://docs.stripe.com/keys#limit-access).
  missingPermission: (maskedKey: string, account: string, permission: string) =>
    invalid(
      403,
      `The provided key '${maskedKey}' does not have the required permissions for this endpoint on account '${account}'. Having the '${permission}' permission would allow this request to continue.`,
    ),
  resourceMissing: (object: string, id: string, param = 'id', status = 404) =>
    invalid(status, `No such ${object.replace(/_/g, ' ')}: '${id}'`, { code: 'resource_missing', param }),
  unknownParameter: (param: string) => invalid(400, `Received unknown parameter: ${param}`, { code: 'parameter_unknown', param }),
  invalidInteger: (param: string, value: unknown) =>
    invalid(400, `Invalid integer: ${String(value)}`, { code: 'parameter_invalid_integer', param }),
  integerOutOfRange: (param: string, min: number, max: number, value: number) =>
    invalid(400, `This value must be between ${min} and ${max} (it currently is '${value}').`, {
      code: 'parameter_invalid_integer',
      param,
    }),
  invalidString: (param: string) => invalid(400, `Invalid string: ${param} must be a string.`, { code: 'parameter_invalid_string', param }),
  invalidBoolean: (param: string, value: unknown) =>
    invalid(400, `Invalid boolean: ${String(value)}`, { code: 'parameter_invalid', param }),
  invalidValue: (param: string, message: string) => invalid(400, message, { code: 'parameter_invalid', param }),
  exclusiveParameters: (a: string, b: string) =>
    invalid(400, `You may only specify one of these parameters: ${a}, ${b}.`, { code: 'parameters_exclusive', param: b }),
  unsupportedFilter: (param: string) =>
    invalid(400, `The emulator does not support the ${param} filter.`, { code: 'parameter_unsupported', param }),
  rateLimited: (retryAfterSeconds: number) =>
    invalid(429, 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.', {
      code: 'rate_limit',
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    }),
  injectedServerError: () => new ApiError(500, 'api_error', 'An unknown error occurred. (injected by the provider emulator)'),
  unrecognizedUrl: (method: string, path: string) =>
    invalid(
      404,
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
};
