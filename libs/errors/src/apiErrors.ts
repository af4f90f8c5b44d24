export type ErrorType = 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'rate_limit_error' | 'api_error';

export interface FieldError {
  param: string;
  message: string;
}

/** The flat, Stripe-like error body every service answers with (docs/accounts-api.md, Error body). */
export interface ErrorBody {
  type: ErrorType;
  message: string;
  code?: string;
  param?: string;
  errors?: FieldError[];
  error_id?: string;
}

interface ApiErrorOptions {
  code?: string;
  param?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** An error whose status, type and text are safe to show to the caller as they are. */
export class ApiError extends Error {
  readonly code?: string;
  readonly param?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = options.code;
    this.param = options.param ?? options.errors?.[0]?.param;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { type: this.type, message: this.message };
    if (this.code) body.code = this.code;
    if (this.param) body.param = this.param;
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export class InvalidRequestError extends ApiError {
  constructor(message: string, options: ApiErrorOptions = {}) {
    super(400, 'invalid_request_error', message, options);
  }
}

/** 400 naming every invalid field; `param` is the first. */
export class ValidationError extends InvalidRequestError {
  constructor(errors: FieldError[], message?: string) {
    super(message ?? errors.map((e) => e.message).join('; '), { code: 'parameter_invalid', errors });
  }
}

export class AuthenticationError extends ApiError {
  constructor(message = 'Invalid client credentials. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).') {
    super(401, 'authentication_error', message, { headers: { 'WWW-Authenticate': 'Basic realm="datasync", charset="UTF-8"' } });
  }
}

export class PermissionError extends ApiError {
  constructor(message: string, code?: string) {
    super(403, 'permission_error', message, { code });
  }
}

export class NotFoundError extends ApiError {
  constructor(message: string, param?: string) {
    super(404, 'invalid_request_error', message, { code: 'resource_missing', param });
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, path: string, allowed: string[]) {
    super(405, 'invalid_request_error', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, {
      code: 'method_not_allowed',
      headers: { Allow: allowed.join(', ') },
    });
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limit: string) {
    super(413, 'invalid_request_error', `The request body is larger than ${limit}.`, { code: 'body_too_large' });
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor() {
    super(415, 'invalid_request_error', 'Send the request body as JSON with Content-Type: application/json.', {
      code: 'unsupported_media_type',
    });
  }
}

/** `res.locals` key under which the error middleware names the limiter of a 429 (for the HTTP metrics). */
export const RATE_LIMITER = 'rateLimiter';

export class RateLimitError extends ApiError {
  /**
   * @param limiter which limit refused the request, a constant of the code (`client_rate`,
   *   `authfail`…): the HTTP metrics count refusals by it, never by anything of the request.
   */
  constructor(
    retryAfterSeconds: number,
    message = 'Too many requests. Retry after the number of seconds in Retry-After.',
    readonly limiter = 'unnamed',
  ) {
    super(429, 'rate_limit_error', message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

export class ServiceUnavailableError extends ApiError {
  constructor(message = 'The service is temporarily unavailable. Retry shortly.') {
    super(503, 'api_error', message, { code: 'service_unavailable', headers: { 'Retry-After': '5' } });
  }
}
