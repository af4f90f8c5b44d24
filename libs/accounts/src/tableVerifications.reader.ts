import { TABLES, type Knex } from '@datasync/db';
import type { CollectionProgress } from './status';

/** The last completed verification of a collection's table against the provider. */
export interface CollectionVerification {
  verifiedAt: Date | null;
  /** The end of the `created` range checked (objects created before it were compared). */
  verifiedThrough: Date | null;
  driftFound: number | null;
  driftRepaired: number | null;
}

export type VerifiedCollection = CollectionProgress & CollectionVerification;

/** Collections with their verification. */
export type Verified<T extends readonly CollectionProgress[]> = (T[number] & CollectionVerification)[];

interface VerificationJson {
  table: string;
  verified_at: string;
  verified_through: string | number;
  drift_found: number;
  drift_repaired: number;
}

/** What selectVerifications adds to each row: the account's completed checks, one per table. */
export interface JoinedVerificationColumns {
  verifications: VerificationJson[] | null;
}

/**
 * Adds the account's completed verifications (alias `a` for the account) as one JSON column, so
 * the account and its checks stay one round trip.
 */
export function selectVerifications(query: Knex.QueryBuilder, db: Knex): Knex.QueryBuilder {
  return query.select(
    db.raw(
      `(SELECT json_agg(json_build_object('table', v.table_name, 'verified_at', v.verified_at, 'verified_through', ` +
        `v.verified_through, 'drift_found', v.drift_found, 'drift_repaired', v.drift_repaired)) ` +
        `FROM ${TABLES.tableVerifications} v WHERE v.account_id = a.id AND v.verified_at IS NOT NULL) AS verifications`,
    ),
  );
}

const never: CollectionVerification = { verifiedAt: null, verifiedThrough: null, driftFound: null, driftRepaired: null };

/**
 * Each collection with its table's last check. A table written to by several destinations shows
 * the oldest of their checks: "verified as of" must hold for every copy.
 */
export function withVerifications(collections: readonly CollectionProgress[], row: JoinedVerificationColumns): VerifiedCollection[] {
  const byTable = new Map<string, CollectionVerification>();
  for (const v of row.verifications ?? []) {
    const verifiedAt = new Date(v.verified_at);
    const known = byTable.get(v.table);
    if (known?.verifiedAt && known.verifiedAt <= verifiedAt) continue;
    byTable.set(v.table, {
      verifiedAt,
      verifiedThrough: new Date(Number(v.verified_through) * 1000),
      driftFound: v.drift_found,
      driftRepaired: v.drift_repaired,
    });
  }
  return collections.map((c) => ({ ...c, ...(byTable.get(c.table) ?? never) }));
}
