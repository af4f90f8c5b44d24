import type { FinishRunOptions } from '../../operations';
import { s3Failure } from '../s3Errors';
import type { S3Handle } from '../s3Handle';
import { manifestKey, runPartsPrefix } from '../s3Layout';
import { listAll, putObject, type StoredObject } from '../s3Objects';

export type RunManifestOptions = FinishRunOptions;

export interface RunManifest {
  key: string;
  parts: StoredObject[];
  bytes: number;
}

/**
 * Closes a completed backfill run in blob storage: writes
 * `<prefix>/<table>/account_id=<identifier>/_manifests/run-<runId>.json` listing every part the
 * run wrote (found by the run id in their names, so it needs nothing from the caller but the run).
 * Idempotent; throws DestinationError.
 */
export async function writeRunManifest(handle: S3Handle, options: RunManifestOptions): Promise<RunManifest> {
  const { schema: prefix, table, accountId, runId } = options;
  const key = manifestKey(prefix, table, accountId, runId);
  const target = { where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId };
  let parts: StoredObject[];
  try {
    parts = (await listAll(handle, runPartsPrefix(prefix, table, accountId, runId))).sort((a, b) => (a.key < b.key ? -1 : 1));
  } catch (err) {
    throw s3Failure(err, target, { permission: 's3:ListBucket', action: `list the parts of run ${runId}` });
  }
  const bytes = parts.reduce((n, p) => n + p.size, 0);
  const manifest = {
    run_id: runId,
    table,
    account_id: accountId,
    format: handle.format,
    completed_at: new Date().toISOString(),
    part_count: parts.length,
    bytes,
    parts: parts.map((p) => ({ key: p.key, size: p.size, ...(p.etag ? { etag: p.etag } : {}) })),
  };
  try {
    await putObject(handle, key, `${JSON.stringify(manifest, null, 2)}\n`, 'application/json');
  } catch (err) {
    throw s3Failure(err, target, { permission: 's3:PutObject', action: `write ${key}` });
  }
  return { key, parts, bytes };
}
