import { TABLES, type Knex } from '@datasync/db';
import { endpointsWantingQuery } from '@datasync/webhooks';
import type { CredentialKind } from './credentials';
import { preparedStatement } from './preparedStatement';

type Db = Knex | Knex.Transaction;

/** The accounts table, which this module alone writes; other readers type their rows with it. */
export interface AccountRow {
  id: string;
  environment_id: string;
  source_id: string;
  source_type: string;
  identifier: string;
  external_id: string;
  credential_kind: CredentialKind;
  credential_secret: string | null;
  active: boolean;
  deleting_at: Date | null;
  /** The last resync asked for; the loader starts one when it has not taken it yet. */
  resync_requested_at: Date | null;
  /** The provider account's `created` (unix seconds) as registration's verification answered it. */
  provider_created: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An account as the rest of the code sees it: never its credential. */
export interface Account {
  id: string;
  environmentId: string;
  sourceId: string;
  sourceType: string;
  identifier: string;
  externalId: string;
  credentialKind: CredentialKind;
  active: boolean;
  deletingAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AccountWithSource extends Account {
  sourceName: string;
}

export interface AccountIdentity {
  environmentId: string;
  sourceType: string;
  identifier: string;
}

export interface NewAccountValues extends AccountIdentity {
  /** Chosen by the caller, so the credential can be sealed for its row before the row exists. */
  id: string;
  sourceId: string;
  externalId: string;
  credentialKind: CredentialKind;
  credentialSecret: string | null;
  /** The provider account's `created`, from the verification; the loader's first guess of where its data begins. */
  providerCreated: number;
}

// Every column but the credential: nothing read through these functions can leak it.
export const COLUMNS = [
  'id',
  'environment_id',
  'source_id',
  'source_type',
  'identifier',
  'external_id',
  'credential_kind',
  'active',
  'deleting_at',
  'created_at',
  'updated_at',
] as const;
export type ReadRow = Omit<AccountRow, 'credential_secret' | 'resync_requested_at' | 'provider_created'>;

export function toAccount(row: ReadRow): Account {
  return {
    id: row.id,
    environmentId: row.environment_id,
    sourceId: row.source_id,
    sourceType: row.source_type,
    identifier: row.identifier,
    externalId: row.external_id,
    credentialKind: row.credential_kind,
    active: row.active,
    deletingAt: row.deleting_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const identityOf = (identity: AccountIdentity) => ({
  environment_id: identity.environmentId,
  source_type: identity.sourceType,
  identifier: identity.identifier,
});

/**
 * Inserts the account unless its identity exists. Under concurrency the losers wait for the
 * winner's commit and then insert nothing: exactly one row, whoever wins.
 */
export async function insertIfAbsent(db: Db, values: NewAccountValues): Promise<Account | undefined> {
  const [row] = (await db(TABLES.accounts)
    .insert({
      id: values.id,
      ...identityOf(values),
      source_id: values.sourceId,
      external_id: values.externalId,
      credential_kind: values.credentialKind,
      credential_secret: values.credentialSecret,
      provider_created: values.providerCreated,
    })
    .onConflict(['environment_id', 'source_type', 'identifier'])
    .ignore()
    .returning([...COLUMNS])) as ReadRow[];
  return row && toAccount(row);
}

/**
 * The account with this identity, locked until the transaction ends against another delete,
 * registration or toggle of it. `FOR NO KEY UPDATE`, since none of them changes its key: a poll's
 * open transaction holds the row's key-share lock (its rows reference the account) while the
 * provider answers, and `FOR UPDATE` would wait for that poll, past the statement timeout.
 */
export async function lockByIdentity(trx: Knex.Transaction, identity: AccountIdentity): Promise<Account | undefined> {
  const row = (await trx(TABLES.accounts)
    .where(identityOf(identity))
    .forNoKeyUpdate()
    .first([...COLUMNS])) as ReadRow | undefined;
  return row && toAccount(row);
}

/**
 * Records a resync request on the account: the loader's reconciler starts any request its job was
 * lost for (Redis restarted empty), so a request survives whatever happens to the queue.
 */
export async function requestResync(db: Db, id: string): Promise<void> {
  // Milliseconds, as a JavaScript Date holds them: the loader records the value it read back.
  await db(TABLES.accounts)
    .where({ id })
    .update({ resync_requested_at: db.raw("date_trunc('milliseconds', now())") });
}

/** The sealed credential stored for the account: read only to compare it with a new one. */
export async function storedCredential(db: Db, id: string): Promise<{ kind: CredentialKind; secret: string | null } | undefined> {
  const row = (await db(TABLES.accounts).where({ id }).first('credential_kind', 'credential_secret')) as
    Pick<AccountRow, 'credential_kind' | 'credential_secret'> | undefined;
  return row && { kind: row.credential_kind, secret: row.credential_secret };
}

export async function replaceCredential(
  db: Db,
  id: string,
  values: { credentialKind: CredentialKind; credentialSecret: string | null },
): Promise<Account> {
  const [row] = (await db(TABLES.accounts)
    .where({ id })
    .update({ credential_kind: values.credentialKind, credential_secret: values.credentialSecret, updated_at: db.fn.now() })
    .returning([...COLUMNS])) as ReadRow[];
  if (!row) throw new Error('account vanished while locked');
  return toAccount(row);
}

// PUT /accounts/{type}/{id}, the hot beta call, as one prepared statement: the conditional UPDATE,
// and in the same round trip the row as it was when nothing was changed. Gated, it changes
// nothing when an endpoint of the environment wants the toggle's event, and says so: the caller
// then toggles in a transaction that writes the event with it. Most environments have none, so a
// toggle stays one statement without a separate question first.
const updateActive = preparedStatement<AccountIdentity & { active: boolean; eventType: string; gated: boolean }>(
  'accounts.updateActiveOrRead',
  (db, p) => {
    const identity = { environment_id: p.environmentId, source_type: p.sourceType, identifier: p.identifier };
    const wanted = db.raw('(select wanted from wanted)');
    return db
      .with('wanted', db.select(db.raw('exists (?) as wanted', [endpointsWantingQuery(db, p.environmentId, p.eventType)])))
      .with(
        'changed',
        db(TABLES.accounts)
          .where(identity)
          .whereNull('deleting_at')
          .whereNot('active', p.active)
          .whereRaw('not (? and (select wanted from wanted))', [p.gated])
          // A toggle by the integrator is theirs to undo: a provider's later `authorized` leaves it.
          .update({ active: p.active, paused_by_provider: false, updated_at: db.fn.now() })
          .returning([...COLUMNS]),
      )
      .select([...COLUMNS, db.raw('true as changed'), db.raw('? as events_wanted', [wanted])])
      .from('changed')
      .unionAll(
        db(TABLES.accounts)
          .where(identity)
          .whereNotExists(db.select(1).from('changed'))
          .select([...COLUMNS, db.raw('false as changed'), db.raw('? as events_wanted', [wanted])]),
      );
  },
);

export interface ActiveUpdate {
  account: Account;
  changed: boolean;
  /** An enabled endpoint of the environment wants the toggle's event (a gated call then changed nothing). */
  eventsWanted: boolean;
}

/**
 * Sets `active` on the account with this identity unless it is being deleted or already has that
 * value. One statement (the row lock lasts only as long as it), one round trip: `changed` and the
 * account as updated, or, when nothing changed, the account as the statement found it (deleting,
 * already of that state, or changed by another call meanwhile); undefined when there is none.
 * `gated`: change nothing when an endpoint wants `eventType` (see `eventsWanted`).
 */
export async function updateActiveOrRead(
  db: Knex,
  identity: AccountIdentity,
  active: boolean,
  event: { type: string; gated: boolean },
): Promise<ActiveUpdate | undefined> {
  const [row] = (await updateActive(db, {
    environmentId: identity.environmentId,
    sourceType: identity.sourceType,
    identifier: identity.identifier,
    active,
    eventType: event.type,
    gated: event.gated,
  })) as (ReadRow & { changed: boolean; events_wanted: boolean })[];
  return row && { account: toAccount(row), changed: row.changed, eventsWanted: row.events_wanted };
}

export async function markDeleting(db: Db, id: string): Promise<Account> {
  const [row] = (await db(TABLES.accounts)
    .where({ id })
    .update({ deleting_at: db.raw('coalesce(deleting_at, now())'), updated_at: db.fn.now() })
    .returning([...COLUMNS])) as ReadRow[];
  if (!row) throw new Error('account vanished while locked');
  return toAccount(row);
}

/** Whether the account row is still there (a delete's purge removes it at its end). */
export async function accountExists(db: Db, id: string): Promise<boolean> {
  return (await db(TABLES.accounts).where({ id }).first('id')) !== undefined;
}

/** Removes an account whose delete has started; false when another delete removed it first. */
export async function deleteDeletingRow(db: Db, id: string): Promise<boolean> {
  return (await db(TABLES.accounts).where({ id }).whereNotNull('deleting_at').delete()) > 0;
}

/** Accounts (alias `a`, never the credential) with their source's name (alias `s`). */
export function withSource(db: Db): Knex.QueryBuilder {
  return db(`${TABLES.accounts} as a`)
    .join(`${TABLES.sources} as s`, 's.id', 'a.source_id')
    .select([...COLUMNS.map((c) => `a.${c}`), 's.name as source_name']);
}

export function toAccountWithSource(row: ReadRow & { source_name: string }): AccountWithSource {
  return { ...toAccount(row), sourceName: row.source_name };
}

// The identity lookup of the toggle that changed nothing, and of resync: a prepared statement.
const selectByIdentity = preparedStatement<AccountIdentity>('accounts.findByIdentity', (db, p) =>
  withSource(db).where({ 'a.environment_id': p.environmentId, 'a.source_type': p.sourceType, 'a.identifier': p.identifier }).first(),
);

export async function findByIdentity(db: Knex, identity: AccountIdentity): Promise<AccountWithSource | undefined> {
  const [row] = (await selectByIdentity(db, {
    environmentId: identity.environmentId,
    sourceType: identity.sourceType,
    identifier: identity.identifier,
  })) as (ReadRow & { source_name: string })[];
  return row && toAccountWithSource(row);
}
