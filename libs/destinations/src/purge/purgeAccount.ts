import { getEngine } from '../engines/registry';
import { purgeS3Account } from '../engines/s3/s3Purge';
import type { DestinationHandle, EngineName } from '../engines/types';
import { writeFailure } from '../writers/writeFailure';

export interface PurgeOptions {
  engine: EngineName;
  schema: string;
  table: string;
  accountId: string;
  /** Rows deleted per statement: each batch is its own short transaction. */
  batchSize: number;
  /** Called after every batch with the running total, for progress reports. */
  onBatch?: (deletedSoFar: number) => void;
}

/**
 * Deletes every row of one account from one table, in batches, and returns how many went.
 * Batches keep each transaction's locks and undo short on a large table that other accounts
 * keep writing to. It stops only when a batch finds nothing: a short batch does not prove the
 * account empty while a concurrent purge (a retried job) deletes the same rows. For s3 it
 * deletes the account's folder of the table (objects counted instead of rows).
 */
export async function purgeAccount(handle: DestinationHandle, options: PurgeOptions): Promise<number> {
  const { engine, schema, table, accountId, batchSize } = options;
  if (handle.engine === 's3') return purgeS3Account(handle, options);
  if (engine === 's3') throw new Error(`purgeAccount: a ${handle.engine} handle given for s3`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('purgeAccount: batchSize must be a positive integer');
  const sql = getEngine(engine).dialect.purgeAccountBatch(schema, table, batchSize);
  let total = 0;
  try {
    for (;;) {
      const { rowCount } = await handle.query(sql, [accountId]);
      if (rowCount === 0) return total;
      total += rowCount;
      options.onBatch?.(total);
    }
  } catch (err) {
    throw writeFailure(engine, schema, `purging an account's rows from the table ${table}`, err);
  }
}
