import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';
import { TableOwnedError } from './tableOwnedError';
import { sameOwner, type TableClaim, type TableOwner } from './tableOwner';

export interface ClaimOptions {
  /** Where the table is: the schema (SQL) or key prefix (s3). */
  schema: string;
  table: string;
  owner: TableOwner;
  /**
   * Whether another owner's claim no longer holds (its sync was deleted): it is then taken over,
   * atomically. Absent: every other owner's claim holds.
   */
  released?: (holder: TableClaim) => Promise<boolean>;
}

/** `created`: no marker was there (a new table, or one made before markers: adopted). */
export type ClaimOutcome = 'created' | 'held' | 'taken_over';

// Each lost race means another claimant wrote the marker in between; reading it again settles it.
const ATTEMPTS = 3;

/**
 * Makes `owner` the table's one owner, or throws TableOwnedError naming the owner it has. Atomic:
 * the marker is created only if absent (a primary key, an S3 conditional PUT) and taken over only
 * if unchanged since read, so of two claimants at once exactly one wins. Throws DestinationError
 * when the destination refuses.
 */
export async function claimTable(handle: DestinationHandle, options: ClaimOptions): Promise<ClaimOutcome> {
  const engine = engineOf(handle);
  const { schema, table, owner } = options;
  for (let attempt = 1; ; attempt += 1) {
    const holder = await engine.readTableClaim(handle, schema, table);
    if (holder && sameOwner(holder, owner)) return 'held';
    const next: TableClaim = { ...owner, table, claimedAt: new Date().toISOString() };
    if (!holder) {
      if (await engine.insertTableClaim(handle, schema, next)) return 'created';
    } else if (options.released && (await options.released(holder))) {
      if (await engine.replaceTableClaim(handle, schema, holder, next)) return 'taken_over';
    } else {
      throw new TableOwnedError(table, holder);
    }
    if (attempt === ATTEMPTS) {
      const settled = await engine.readTableClaim(handle, schema, table);
      if (settled && sameOwner(settled, owner)) return 'held';
      throw settled ? new TableOwnedError(table, settled) : new Error(`claimTable: the claim on ${table} kept changing`);
    }
  }
}

/** The table's marker, or undefined when it has none (not claimed yet, or made before markers). */
export async function readTableClaim(handle: DestinationHandle, schema: string, table: string): Promise<TableClaim | undefined> {
  return engineOf(handle).readTableClaim(handle, schema, table);
}

export type OwnerKey = Pick<TableOwner, 'environmentId' | 'syncId'>;

export type TouchVerdict = { allowed: true } | { allowed: false; holder: TableClaim };

/**
 * Whether one of `owners` may purge, sweep or verify the table: its marker names one of them, or
 * it has none (made before markers and not written since). Never claims.
 */
export async function mayTouchTable(
  handle: DestinationHandle,
  schema: string,
  table: string,
  owners: readonly OwnerKey[],
): Promise<TouchVerdict> {
  const holder = await readTableClaim(handle, schema, table);
  if (!holder || owners.some((owner) => sameOwner(holder, owner))) return { allowed: true };
  return { allowed: false, holder };
}
