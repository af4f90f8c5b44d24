import { randomUUID } from 'node:crypto';

/** An answer in HubSpot's error shape: `{status: "error", message, correlationId, category, …}`. */
export class HubspotError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : 'HubSpot error');
  }
}

function error(status: number, category: string, message: string, extra: Record<string, unknown> = {}): HubspotError {
  return new HubspotError(status, { status: 'error', message, correlationId: randomUUID(), category, ...extra });
}

const AUTH_HELP =
  'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview';

export const hubspotErrors = {
  missingCredentials: () => error(401, 'INVALID_AUTHENTICATION', AUTH_HELP),
  invalidCredentials: () =>
    error(
      401,
      'INVALID_AUTHENTICATION',
      'The OAuth token used to make this call is invalid. Check that the token is current and correctly formed.',
    ),
  expiredToken: (msAgo: number) =>
    error(
      401,
      'EXPIRED_AUTHENTICATION',
      `The OAuth token used to make this call expired ${Math.max(1, Math.floor(msAgo / 60_000))} minute(s) ago.`,
    ),
  validation: (message: string, context?: Record<string, string[]>) => error(400, 'VALIDATION_ERROR', message, context ? { context } : {}),
  unknownObjectType: (name: string) => error(400, 'OBJECT_NOT_FOUND', `Unable to infer object type from: ${name}`),
  objectNotFound: (id: string) =>
    error(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', { context: { id: [id] } }),
  notFound: (path: string) => error(404, 'OBJECT_NOT_FOUND', `Resource not found: ${path}`),
  searchTooDeep: () =>
    error(
      400,
      'VALIDATION_ERROR',
      'There was a problem with the request: search results are limited to 10,000 per query; narrow the filters.',
    ),
  serverError: () => error(500, 'INTERNAL_ERROR', 'internal error'),
  rateLimited: (policyName: 'TEN_SECONDLY_ROLLING' | 'DAILY' | 'SECONDLY', headers: Record<string, string> = {}) =>
    new HubspotError(
      429,
      {
        status: 'error',
        message: RATE_LIMIT_MESSAGES[policyName],
        errorType: 'RATE_LIMIT',
        correlationId: randomUUID(),
        policyName,
        requestId: randomUUID().replace(/-/g, ''),
      },
      headers,
    ),
};

// The secondly message is the one HubSpot's own SDK matches to retry searches.
const RATE_LIMIT_MESSAGES = {
  TEN_SECONDLY_ROLLING: 'You have reached your ten_secondly_rolling limit.',
  DAILY: 'You have reached your daily limit.',
  SECONDLY: 'You have reached your secondly limit.',
} as const;

/** OAuth v1's own error shape: `{status: "BAD_REFRESH_TOKEN", message, correlationId}`, 400. */
export class OAuthV1Error extends HubspotError {
  constructor(status: string, message: string, httpStatus = 400) {
    super(httpStatus, { status, message, correlationId: randomUUID() });
  }
}
