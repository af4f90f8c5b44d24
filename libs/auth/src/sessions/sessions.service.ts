import type { Knex } from '@datasync/db';
import {
  deleteExpiredSessionsOfUser,
  deleteSessionByTokenHash,
  findSessionByTokenHash,
  insertSession,
  setSessionEnvironment,
  touchSession,
  type LiveSession,
} from './sessions.repository';
import { generateSessionToken, hashSessionToken, isWellFormedSessionToken } from './sessionToken';

export interface SessionSettings {
  /** Absolute lifetime of a session. */
  ttlMs: number;
  /** A session unused this long ends. */
  idleMs: number;
}

export interface StartedSession {
  token: string;
  id: string;
  expiresAt: Date;
}

// Refreshing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

export class SessionsService {
  constructor(
    private readonly knex: Knex,
    readonly settings: SessionSettings,
  ) {}

  /** A new session with a new token (never a reused one: no fixation), in `db` when given. */
  async start(userId: string, environmentId: string, db: Knex | Knex.Transaction = this.knex): Promise<StartedSession> {
    const token = generateSessionToken();
    await deleteExpiredSessionsOfUser(db, userId);
    const { id, expiresAt } = await insertSession(db, {
      tokenHash: hashSessionToken(token),
      userId,
      environmentId,
      ttlMs: this.settings.ttlMs,
    });
    return { token, id, expiresAt };
  }

  /** The live session of this cookie value, or undefined; an expired or idle one is deleted on sight. */
  async resolve(token: string): Promise<LiveSession | undefined> {
    if (!isWellFormedSessionToken(token)) return undefined;
    const tokenHash = hashSessionToken(token);
    const found = await findSessionByTokenHash(this.knex, tokenHash, this.settings.idleMs, TOUCH_AFTER_MS);
    if (!found) return undefined;
    if (!found.live) {
      await deleteSessionByTokenHash(this.knex, tokenHash);
      return undefined;
    }
    if (found.stale) await touchSession(this.knex, found.id);
    const { live: _live, stale: _stale, ...session } = found;
    return session;
  }

  /** Ends the session of this cookie value, if any. */
  async end(token: string): Promise<void> {
    if (isWellFormedSessionToken(token)) await deleteSessionByTokenHash(this.knex, hashSessionToken(token));
  }

  async switchEnvironment(sessionId: string, environmentId: string): Promise<void> {
    await setSessionEnvironment(this.knex, sessionId, environmentId);
  }
}
