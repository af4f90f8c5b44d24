import type { LinkSession } from './linkSessions.repository';

/** open: usable now; completed: its one use registered an account; revoked; expired (unused when it ran out). */
export const LINK_STATUSES = ['open', 'completed', 'revoked', 'expired'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export function linkStatus(session: Pick<LinkSession, 'completedAt' | 'revokedAt' | 'expiresAt'>, now: Date = new Date()): LinkStatus {
  if (session.completedAt) return 'completed';
  if (session.revokedAt) return 'revoked';
  return session.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}
