import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

interface LinkSessionRow {
  id: string;
  environment_id: string;
  source_id: string;
  client_id: string;
  identifier: string | null;
  return_url: string;
  token_hash: string;
  oauth_state_hash: string | null;
  expires_at: Date;
  claimed_until: Date | null;
  completed_at: Date | null;
  revoked_at: Date | null;
  failed_key_attempts: number;
  account_identifier: string | null;
  account_external_id: string | null;
  created_at: Date;
}

interface JoinedRow extends LinkSessionRow {
  source_name: string;
  source_provider: string;
}

export interface LinkSession {
  id: string;
  environmentId: string;
  sourceId: string;
  sourceName: string;
  /** The source's provider, the spec's sourceType. */
  provider: string;
  clientId: string;
  identifier: string | null;
  returnUrl: string;
  expiresAt: Date;
  claimedUntil: Date | null;
  completedAt: Date | null;
  revokedAt: Date | null;
  /** Keys refused on this link; at the limit the link is revoked (linkPage.service). */
  failedKeyAttempts: number;
  /** Set by the one successful use. */
  account: { identifier: string; externalId: string } | null;
  createdAt: Date;
}

// A link acts for the client credential that created it: once that credential is revoked, its
// unused links read as revoked (from the moment of the revocation), whoever holds their URL.
const CREDENTIAL_REVOKED_AT = `(select c.revoked_at from ${TABLES.clientCredentials} c where c.client_id = l.client_id)`;

const columns = (db: Db) => [
  'l.id',
  'l.environment_id',
  'l.source_id',
  'l.client_id',
  'l.identifier',
  'l.return_url',
  'l.expires_at',
  'l.claimed_until',
  'l.completed_at',
  db.raw(
    `coalesce(l.revoked_at, case when l.completed_at is null and ${CREDENTIAL_REVOKED_AT} < l.expires_at then ${CREDENTIAL_REVOKED_AT} end) as revoked_at`,
  ),
  'l.failed_key_attempts',
  'l.account_identifier',
  'l.account_external_id',
  'l.created_at',
  's.name as source_name',
  's.provider as source_provider',
];

function toLinkSession(row: JoinedRow): LinkSession {
  return {
    id: row.id,
    environmentId: row.environment_id,
    sourceId: row.source_id,
    sourceName: row.source_name,
    provider: row.source_provider,
    clientId: row.client_id,
    identifier: row.identifier,
    returnUrl: row.return_url,
    expiresAt: row.expires_at,
    claimedUntil: row.claimed_until,
    completedAt: row.completed_at,
    revokedAt: row.revoked_at,
    failedKeyAttempts: row.failed_key_attempts,
    account:
      row.account_identifier !== null && row.account_external_id !== null
        ? { identifier: row.account_identifier, externalId: row.account_external_id }
        : null,
    createdAt: row.created_at,
  };
}

const joined = (db: Db) => db({ l: TABLES.linkSessions }).join({ s: TABLES.sources }, 's.id', 'l.source_id');

async function first(db: Db, query: Knex.QueryBuilder): Promise<LinkSession | undefined> {
  const row = (await query.first(columns(db))) as JoinedRow | undefined;
  return row && toLinkSession(row);
}

export interface NewLinkSession {
  environmentId: string;
  sourceId: string;
  clientId: string;
  identifier?: string;
  returnUrl: string;
  tokenHash: string;
  ttlMs: number;
}

export async function insertLinkSession(db: Db, values: NewLinkSession): Promise<string> {
  const [row] = (await db(TABLES.linkSessions)
    .insert({
      environment_id: values.environmentId,
      source_id: values.sourceId,
      client_id: values.clientId,
      identifier: values.identifier ?? null,
      return_url: values.returnUrl,
      token_hash: values.tokenHash,
      // The database's clock decides expiry everywhere, so replicas' clocks cannot disagree on it.
      expires_at: db.raw('now() + make_interval(secs => ?)', [values.ttlMs / 1000]),
    })
    .returning('id')) as Pick<LinkSessionRow, 'id'>[];
  if (!row) throw new Error('link session insert returned no row');
  return row.id;
}

export function findByTokenHash(db: Db, tokenHash: string): Promise<LinkSession | undefined> {
  return first(db, joined(db).where('l.token_hash', tokenHash));
}

export function findByStateHash(db: Db, stateHash: string): Promise<LinkSession | undefined> {
  return first(db, joined(db).where('l.oauth_state_hash', stateHash));
}

export function findInEnvironment(db: Db, environmentId: string, id: string): Promise<LinkSession | undefined> {
  return first(db, joined(db).where({ 'l.environment_id': environmentId, 'l.id': id }));
}

/** Newest first; `after` is the id of the last session of the previous page. */
export async function listPage(db: Db, environmentId: string, options: { limit: number; after?: string }): Promise<LinkSession[]> {
  const query = joined(db).where('l.environment_id', environmentId);
  if (options.after !== undefined) {
    const cursor = (await db(TABLES.linkSessions).where({ environment_id: environmentId, id: options.after }).first('created_at', 'id')) as
      Pick<LinkSessionRow, 'created_at' | 'id'> | undefined;
    // A cursor from another environment, or deleted with its source, starts nowhere: an empty page.
    if (!cursor) return [];
    query.whereRaw('(l.created_at, l.id) < (?, ?)', [cursor.created_at, cursor.id]);
  }
  const rows = (await query
    .orderBy([
      { column: 'l.created_at', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ])
    .limit(options.limit)
    .select(columns(db))) as JoinedRow[];
  return rows.map(toLinkSession);
}

/** Revokes an unused session; true when this call revoked it (or it already was). */
export async function revokeUnused(db: Db, environmentId: string, id: string): Promise<boolean> {
  const updated = await db(TABLES.linkSessions)
    .where({ environment_id: environmentId, id })
    .whereNull('completed_at')
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') });
  return updated > 0;
}

/** Rows of `id` that can still be used: not completed, not revoked (nor its client credential), not expired. */
const usable = (db: Db, id: string) =>
  db(TABLES.linkSessions)
    .where({ id })
    .whereNull('completed_at')
    .whereNull('revoked_at')
    .where('expires_at', '>', db.raw('now()'))
    .whereRaw(
      `not exists (select 1 from ${TABLES.clientCredentials} c where c.client_id = ${TABLES.linkSessions}.client_id and c.revoked_at is not null)`,
    );

/** Records the state of a new connect attempt, replacing an earlier one; false when the session is no longer usable. */
export async function setOAuthState(db: Db, id: string, stateHash: string): Promise<boolean> {
  return (await usable(db, id).update({ oauth_state_hash: stateHash })) > 0;
}

/**
 * Takes the session for one registration attempt: a short lease, so that two tabs finishing at
 * once register once. False when it is used, revoked, expired or leased by another attempt.
 */
export async function claim(db: Db, id: string, leaseMs: number): Promise<boolean> {
  const updated = await usable(db, id)
    .where((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<', db.raw('now()')))
    .update({ claimed_until: db.raw('now() + make_interval(secs => ?)', [leaseMs / 1000]) });
  return updated > 0;
}

/** The one successful use. The state is cleared: a replayed callback finds nothing. */
export async function complete(db: Db, id: string, account: { identifier: string; externalId: string }): Promise<void> {
  await db(TABLES.linkSessions)
    .where({ id })
    .whereNull('completed_at')
    .update({
      completed_at: db.raw('now()'),
      claimed_until: null,
      oauth_state_hash: null,
      account_identifier: account.identifier,
      account_external_id: account.externalId,
    });
}

/** Gives the lease back after a failed attempt: the link stays usable. */
export async function release(db: Db, id: string): Promise<void> {
  await db(TABLES.linkSessions).where({ id }).whereNull('completed_at').update({ claimed_until: null });
}

/**
 * Counts a refused key and gives the claim back, in one statement; at `maxAttempts` the link is
 * revoked as well, so that whoever holds it cannot go on asking the provider about keys. The
 * count after this one.
 */
export async function recordRefusedKey(db: Db, id: string, maxAttempts: number): Promise<number> {
  const { rows } = (await db.raw(
    `update ${TABLES.linkSessions}
     set failed_key_attempts = failed_key_attempts + 1,
         claimed_until = null,
         revoked_at = case when failed_key_attempts + 1 >= :max then coalesce(revoked_at, now()) else revoked_at end
     where id = :id
     returning failed_key_attempts`,
    { id, max: maxAttempts },
  )) as { rows: { failed_key_attempts: number }[] };
  return rows[0]?.failed_key_attempts ?? 0;
}
