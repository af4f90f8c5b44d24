/**
 * Connect OAuth errors are flat, unlike the API's: `{"error": "invalid_grant",
 * "error_description": "…"}`; the SDK recognises them by `error` being a string.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_grant' | 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}
