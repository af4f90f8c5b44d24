import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  environment_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface LiveSession {
  id: string;
  userId: string;
  environmentId: string;
  organizationId: string;
  expiresAt: Date;
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: string; environmentId: string; ttlMs: number },
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = (await db(TABLES.sessions)
    .insert({
      token_hash: values.tokenHash,
      user_id: values.userId,
      environment_id: values.environmentId,
      expires_at: db.raw(`now() + ? * interval '1 millisecond'`, [values.ttlMs]),
    })
    .returning(['id', 'expires_at'])) as Pick<SessionRow, 'id' | 'expires_at'>[];
  if (!row) throw new Error('session insert returned no row');
  return { id: row.id, expiresAt: row.expires_at };
}

/**
 * The session with this token hash, judged by the database clock: `live` false once it expired
 * or sat idle longer than `idleMs`; `stale` true when last_seen_at is old enough to refresh.
 */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  idleMs: number,
  touchAfterMs: number,
): Promise<(LiveSession & { live: boolean; stale: boolean }) | undefined> {
  const row = (await db(`${TABLES.sessions} as s`)
    .join(`${TABLES.environments} as e`, 'e.id', 's.environment_id')
    .where('s.token_hash', tokenHash)
    .first(
      's.id',
      's.user_id',
      's.environment_id',
      'e.organization_id',
      's.expires_at',
      db.raw(`(s.expires_at > now() and s.last_seen_at > now() - ? * interval '1 millisecond') as live`, [idleMs]),
      db.raw(`(s.last_seen_at < now() - ? * interval '1 millisecond') as stale`, [touchAfterMs]),
    )) as
    | { id: string; user_id: string; environment_id: string; organization_id: string; expires_at: Date; live: boolean; stale: boolean }
    | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    environmentId: row.environment_id,
    organizationId: row.organization_id,
    expiresAt: row.expires_at,
    live: row.live,
    stale: row.stale,
  };
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db(TABLES.sessions).where({ id }).update({ last_seen_at: db.fn.now() });
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<number> {
  return db(TABLES.sessions).where({ token_hash: tokenHash }).delete();
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db(TABLES.sessions).where({ id }).delete();
}

/** Housekeeping at login: a user's expired sessions are of no use to anyone. */
export async function deleteExpiredSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db(TABLES.sessions).where({ user_id: userId }).andWhere('expires_at', '<=', db.fn.now()).delete();
}

export async function setSessionEnvironment(db: Db, id: string, environmentId: string): Promise<void> {
  await db(TABLES.sessions).where({ id }).update({ environment_id: environmentId });
}

/** The environment of the user's most recent session, so a new login resumes where the user was. */
export async function lastEnvironmentOfUser(db: Db, userId: string): Promise<string | undefined> {
  const row = (await db(TABLES.sessions).where({ user_id: userId }).orderBy('created_at', 'desc').first('environment_id')) as
    { environment_id: string } | undefined;
  return row?.environment_id;
}
