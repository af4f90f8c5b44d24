import type { AccountRow } from '@datasync/accounts';
import { TABLES, type Knex, type SourceRow } from '@datasync/db';
import type { EngineName } from '@datasync/destinations';

type Db = Knex | Knex.Transaction;

// Reads of tables other modules write (accounts: libs/accounts; sources, syncs, collections,
// destinations: config-service). The loader never writes them.

/** An account as the loader needs it. Holds a sealed credential: never log it. */
export interface AccountRecord {
  id: string;
  environmentId: string;
  sourceId: string;
  sourceType: string;
  identifier: string;
  externalId: string;
  /** One of the kinds of the provider's module. */
  credentialKind: string;
  /** Sealed (libs/crypto), environment id as associated data; null for connected accounts. */
  credentialSecret: string | null;
  active: boolean;
  deleting: boolean;
  /** The last resync asked for (libs/accounts stamps it; the loader records when it took it). */
  resyncRequestedAt: Date | null;
  /** The provider account's `created` as registration verified it; null for accounts registered before it was kept. */
  providerCreated: number | null;
}

/** The source an account is registered under. Holds the sealed app key. */
export interface SourceRecord {
  id: string;
  provider: string;
  credentialSecret: string;
  /** The provider's mode of the source's key; null for providers without modes. */
  livemode: boolean | null;
  /** The share of the provider's rate limits its reads may spend (5–80). */
  rateBudgetPercent: number;
}

/** One table an account's data goes to: a mounted collection of a sync on the account's source. */
export interface LoadTarget {
  syncId: string;
  collectionId: string;
  resourceType: string;
  tableName: string;
  destinationId: string;
  destinationName: string;
  engine: EngineName;
  /** Sealed connection string: never log it. */
  connectionSecret: string;
}

export async function findAccount(db: Db, id: string): Promise<AccountRecord | undefined> {
  const row = (await db(TABLES.accounts).where({ id }).first()) as AccountRow | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    environmentId: row.environment_id,
    sourceId: row.source_id,
    sourceType: row.source_type,
    identifier: row.identifier,
    externalId: row.external_id,
    credentialKind: row.credential_kind,
    credentialSecret: row.credential_secret,
    active: row.active,
    deleting: row.deleting_at !== null,
    resyncRequestedAt: row.resync_requested_at,
    providerCreated: row.provider_created === null ? null : Number(row.provider_created),
  };
}

export async function findSource(db: Db, environmentId: string, id: string): Promise<SourceRecord | undefined> {
  const row = (await db(TABLES.sources)
    .where({ environment_id: environmentId, id })
    .first('id', 'provider', 'credential_secret', 'livemode', 'rate_budget_percent')) as
    Pick<SourceRow, 'id' | 'provider' | 'credential_secret' | 'livemode' | 'rate_budget_percent'> | undefined;
  return (
    row && {
      id: row.id,
      provider: row.provider,
      credentialSecret: row.credential_secret,
      livemode: row.livemode,
      rateBudgetPercent: row.rate_budget_percent,
    }
  );
}

/** Every mounted collection of every sync on the account's source, optionally one collection only. */
export async function listTargets(db: Db, account: AccountRecord, only?: { collectionId: string }): Promise<LoadTarget[]> {
  const query = db(`${TABLES.syncs} as y`)
    .join(`${TABLES.collections} as c`, 'c.sync_id', 'y.id')
    .join(`${TABLES.destinations} as d`, 'd.id', 'y.destination_id')
    .where({ 'y.environment_id': account.environmentId, 'y.source_id': account.sourceId })
    .whereNull('c.unmounted_at')
    .orderBy([{ column: 'y.created_at' }, { column: 'c.resource_type' }])
    .select(
      'y.id as sync_id',
      'c.id as collection_id',
      'c.resource_type',
      'c.table_name',
      'd.id as destination_id',
      'd.name as destination_name',
      'd.engine',
      'd.connection_secret',
    );
  if (only) query.where('c.id', only.collectionId);
  const rows = (await query) as {
    sync_id: string;
    collection_id: string;
    resource_type: string;
    table_name: string;
    destination_id: string;
    destination_name: string;
    engine: EngineName;
    connection_secret: string;
  }[];
  return rows.map((r) => ({
    syncId: r.sync_id,
    collectionId: r.collection_id,
    resourceType: r.resource_type,
    tableName: r.table_name,
    destinationId: r.destination_id,
    destinationName: r.destination_name,
    engine: r.engine,
    connectionSecret: r.connection_secret,
  }));
}

/** The accounts registered under the source of a collection's sync that may load. */
export async function accountsForCollection(db: Db, collectionId: string): Promise<string[]> {
  return (await db(`${TABLES.collections} as c`)
    .join(`${TABLES.syncs} as y`, 'y.id', 'c.sync_id')
    .join(`${TABLES.accounts} as a`, function joinAccounts() {
      this.on('a.source_id', '=', 'y.source_id').andOn('a.environment_id', '=', 'y.environment_id');
    })
    .where('c.id', collectionId)
    .whereNull('c.unmounted_at')
    .where('a.active', true)
    .whereNull('a.deleting_at')
    .orderBy('a.created_at')
    .pluck('a.id')) as string[];
}

/** The destination a run writes to, for a segment job (which knows only the run). */
export async function findDestination(
  db: Db,
  environmentId: string,
  id: string,
): Promise<{ id: string; name: string; engine: EngineName; connectionSecret: string } | undefined> {
  const row = (await db(TABLES.destinations)
    .where({ environment_id: environmentId, id })
    .first('id', 'name', 'engine', 'connection_secret')) as
    { id: string; name: string; engine: EngineName; connection_secret: string } | undefined;
  return row && { id: row.id, name: row.name, engine: row.engine, connectionSecret: row.connection_secret };
}
