import type { PurgeOptions } from '../operations';
import { s3Failure } from './s3Errors';
import type { S3Handle } from './s3Handle';
import { accountFolder } from './s3Layout';
import { deleteKeys, listPages } from './s3Objects';

/**
 * Deletes the account's folder of the table (`<prefix>/<table>/account_id=<identifier>/`: its
 * parts and manifests) and returns how many objects went. `schema` is the key prefix; batches are
 * S3's 1,000-key deletes at most. Like the SQL purge it stops only when a listing finds nothing,
 * so a concurrent writer or purge cannot leave objects behind unnoticed.
 */
export async function purgeS3Account(handle: S3Handle, options: Omit<PurgeOptions, 'engine'>): Promise<number> {
  const { schema: prefix, table, accountId, batchSize } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('purgeAccount: batchSize must be a positive integer');
  const folder = accountFolder(prefix, table, accountId);
  const target = { where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId };
  let total = 0;
  try {
    for (;;) {
      let found = 0;
      for await (const page of listPages(handle, folder, Math.min(batchSize, 1000))) {
        await deleteKeys(
          handle,
          page.map((o) => o.key),
        );
        found += page.length;
        total += page.length;
        options.onBatch?.(total);
      }
      if (found === 0) return total;
    }
  } catch (err) {
    throw s3Failure(err, target, { permission: 's3:ListBucket and s3:DeleteObject', action: `delete ${folder}` });
  }
}
