import type { PurgeOptions } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

export type { PurgeOptions };

/**
 * Deletes every row of one account from one table, in batches, and returns how many went (for
 * s3, the account's folder of the table, objects counted instead of rows). Each batch is its own
 * short transaction, and it stops only when a batch finds nothing: a short batch does not prove
 * the account empty while a concurrent purge (a retried job) deletes the same rows.
 */
export async function purgeAccount(handle: DestinationHandle, options: PurgeOptions): Promise<number> {
  if (handle.engine !== options.engine) throw new Error(`purgeAccount: a ${handle.engine} handle given for ${options.engine}`);
  return engineOf(handle).purgeAccount(handle, options);
}
