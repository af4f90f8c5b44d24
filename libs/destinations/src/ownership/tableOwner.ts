/**
 * Who loads a destination table: one sync of one environment. Rows are keyed by
 * `(account_id, id)` and an account's identifier is unique only inside one environment (Stripe's
 * test and live mode share it), so two environments writing one table would purge, sweep and
 * verify each other's rows. The owner is recorded in the destination itself (the marker), where
 * every environment pointing at it sees it.
 */
export interface TableOwner {
  environmentId: string;
  environmentName: string;
  syncId: string;
  syncName: string;
}

/** A marker as stored: the owner, when it claimed the table, and the engine's version of it (s3: the ETag). */
export interface TableClaim extends TableOwner {
  table: string;
  /** ISO 8601. */
  claimedAt: string;
  /** What a conditional replace compares with (s3's ETag); SQL compares the owner's columns. */
  version?: string;
}

/** The marker table (SQL) and the folder of marker objects (s3), beside the tables; "_" keeps readers off it. */
export const OWNERS_TABLE = '_datasync_table_owners';

export const sameOwner = (a: Pick<TableOwner, 'environmentId' | 'syncId'>, b: Pick<TableOwner, 'environmentId' | 'syncId'>): boolean =>
  a.environmentId === b.environmentId && a.syncId === b.syncId;

/** The owner as a marker names it, for messages: names and ids, never anything secret. */
export const describeOwner = (owner: TableOwner): string =>
  `the sync ${owner.syncName} (${owner.syncId}) of the environment ${owner.environmentName} (${owner.environmentId})`;
