/** Why the customer came back without an account; the integrator's return page reads it. */
export type ReturnReason =
  | 'cancelled'
  | 'access_denied'
  | 'provider_error'
  | 'link_expired'
  | 'link_used'
  | 'link_revoked'
  | 'too_many_attempts'
  /** Or the code of the registration's refusal, as POST /accounts names it (identifier_taken, …). */
  | (string & {});

export type ReturnResult = { status: 'connected'; identifier: string } | { status: 'error'; reason: ReturnReason };

/**
 * The integrator's return_url with the outcome appended: `status=connected&identifier=…` or
 * `status=error&reason=…`, and `link_session=<id>` to match it with the session it created.
 * Its own query parameters stay.
 */
export function resultUrl(returnUrl: string, linkSessionId: string, result: ReturnResult): string {
  const url = new URL(returnUrl);
  url.searchParams.set('status', result.status);
  if (result.status === 'connected') url.searchParams.set('identifier', result.identifier);
  else url.searchParams.set('reason', result.reason);
  url.searchParams.set('link_session', linkSessionId);
  return url.toString();
}
