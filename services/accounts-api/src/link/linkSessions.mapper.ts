import type { LinkSession } from './linkSessions.repository';
import { linkStatus } from './linkStatus';

// Public JSON is snake_case (STYLE). The token exists only in the URL that POST returns once;
// nothing here can rebuild it.

export function toLinkSessionJson(session: LinkSession) {
  return {
    id: session.id,
    source: session.sourceName,
    source_type: session.provider,
    identifier: session.identifier,
    return_url: session.returnUrl,
    status: linkStatus(session),
    expires_at: session.expiresAt.toISOString(),
    created_at: session.createdAt.toISOString(),
    completed_at: session.completedAt?.toISOString() ?? null,
    revoked_at: session.revokedAt?.toISOString() ?? null,
    account: session.account ? { external_id: session.account.externalId, identifier: session.account.identifier } : null,
  };
}

export function toCreatedLinkSessionJson(session: LinkSession, url: string) {
  const { id, ...rest } = toLinkSessionJson(session);
  return { id, url, ...rest };
}
