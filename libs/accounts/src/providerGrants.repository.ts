import { TABLES, type Knex } from '@datasync/db';
import { COLUMNS, toAccount, type Account, type ReadRow } from './accounts.repository';

/** The latest Connect lifecycle event applied for one provider account of a source. */
export interface ProviderGrant {
  authorized: boolean;
  eventId: string;
  /** The event's `created`, unix seconds. */
  eventCreated: number;
}

export interface ProviderAccountRef {
  sourceId: string;
  externalId: string;
}

/**
 * The grant of (source, provider account), with that pair locked until the transaction ends: two
 * lifecycle events of one account (a replay, or `authorized` and `deauthorized` delivered at once)
 * are applied one after the other, each seeing what the other did. An advisory lock, because the
 * first event of an account has no row to lock yet.
 */
export async function lockGrant(trx: Knex.Transaction, ref: ProviderAccountRef): Promise<ProviderGrant | undefined> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`provider-grant ${ref.sourceId} ${ref.externalId}`]);
  const row = (await trx(TABLES.accountProviderGrants)
    .where({ source_id: ref.sourceId, external_id: ref.externalId })
    .first('authorized', 'event_id', 'event_created')) as { authorized: boolean; event_id: string; event_created: string } | undefined;
  return row && { authorized: row.authorized, eventId: row.event_id, eventCreated: Number(row.event_created) };
}

export async function saveGrant(trx: Knex.Transaction, ref: ProviderAccountRef, grant: ProviderGrant): Promise<void> {
  await trx(TABLES.accountProviderGrants)
    .insert({
      source_id: ref.sourceId,
      external_id: ref.externalId,
      authorized: grant.authorized,
      event_id: grant.eventId,
      event_created: grant.eventCreated,
      updated_at: trx.fn.now(),
    })
    .onConflict(['source_id', 'external_id'])
    .merge();
}

export interface ProviderAccount extends Account {
  pausedByProvider: boolean;
}

/** The source's accounts of that provider account id, not being deleted, locked until the transaction ends. */
export async function lockProviderAccounts(trx: Knex.Transaction, ref: ProviderAccountRef): Promise<ProviderAccount[]> {
  const rows = (await trx(TABLES.accounts)
    .where({ source_id: ref.sourceId, external_id: ref.externalId })
    .whereNull('deleting_at')
    .forUpdate()
    .select([...COLUMNS, 'paused_by_provider'])) as (ReadRow & { paused_by_provider: boolean })[];
  return rows.map((row) => ({ ...toAccount(row), pausedByProvider: row.paused_by_provider }));
}

/** Pauses (marked as the provider's doing) or resumes an account the caller has locked. */
export async function setActiveByProvider(trx: Knex.Transaction, id: string, active: boolean): Promise<Account> {
  const [row] = (await trx(TABLES.accounts)
    .where({ id })
    .update({ active, paused_by_provider: !active, updated_at: trx.fn.now() })
    .returning([...COLUMNS])) as ReadRow[];
  if (!row) throw new Error('account vanished while locked');
  return toAccount(row);
}
