import { commonColumns } from '../../../tableSpec';
import { tableName } from '../../../ddl/tableColumns';
import {
  newestPerKey,
  type WriteBatchOptions,
  type WriteResult,
  type Writer,
  type WriteRow,
  type WriterOptions,
} from '../../../writers/writeRow';
import { blobColumns, type BlobColumn } from '../s3Columns';
import { s3Failure, type S3Target } from '../s3Errors';
import type { S3Handle } from '../s3Handle';
import { accountFolder, partFileName, partStem } from '../s3Layout';
import { deleteKeys, listAll, objectExists, putObject } from '../s3Objects';
import { contentHash, splitParts, toBlobRows, type BlobRow } from './blobRows';
import { ndjsonGzipStream } from './ndjsonPart';
import { parquetPart } from './parquetPart';

// A part is held in memory while it is encoded (Parquet: column arrays and the file), so its size
// is bounded; batches larger than this become several parts.
export const DEFAULT_PART_MAX_ROWS = 100_000;
export const DEFAULT_PART_MAX_BYTES = 64 * 1024 * 1024;

export interface S3WriterOptions extends WriterOptions {
  /** Rows per part file at most. */
  partMaxRows?: number;
  /** Uncompressed bytes per part file, about (a single larger row still gets a part). */
  partMaxBytes?: number;
}

export interface PartInfo {
  key: string;
  rows: number;
  /** Bytes stored. */
  bytes: number;
}

export interface S3WriteResult extends WriteResult {
  /** The part files written, in order. */
  parts: PartInfo[];
}

export interface S3Writer extends Writer {
  writeBatch(rows: readonly WriteRow[], options?: WriteBatchOptions): Promise<S3WriteResult>;
}

const contentTypes = { 'ndjson.gz': 'application/gzip', parquet: 'application/vnd.apache.parquet' } as const;

/** Rows are sorted by account, then id (newestPerKey): each account's rows are one run. */
function byAccount(rows: readonly BlobRow[]): BlobRow[][] {
  const groups: BlobRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0]?.accountId === row.accountId) last.push(row);
    else groups.push([row]);
  }
  return groups;
}

/**
 * The writer of one resource into S3: each batch becomes immutable part files under
 * `<prefix>/<table>/account_id=<identifier>/`, gzip NDJSON or Parquet as the destination says,
 * named from the batch's part key (a retry overwrites its own parts, and parts it no longer
 * produces are removed) or, without one, from its content. `schema` is the key prefix. Holds
 * nothing between batches. Throws DestinationError for what S3 refuses.
 */
export function createS3Writer(handle: S3Handle, options: S3WriterOptions): S3Writer {
  const { schema: prefix, spec } = options;
  const table = tableName(spec);
  const maxRows = options.partMaxRows ?? DEFAULT_PART_MAX_ROWS;
  const maxBytes = options.partMaxBytes ?? DEFAULT_PART_MAX_BYTES;
  if (!(Number.isInteger(maxRows) && maxRows > 0 && maxBytes > 0)) throw new RangeError('createS3Writer: part limits must be positive');
  const columns = blobColumns(spec);
  const common: BlobColumn[] = columns.slice(0, commonColumns.length);
  const typed: BlobColumn[] = columns.slice(commonColumns.length);
  const target: S3Target = { where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId };

  async function writePart(key: string, rows: readonly BlobRow[], syncedAt: Date): Promise<number> {
    const metadata = { rows: String(rows.length) };
    if (handle.format === 'parquet') {
      const body = await parquetPart(common, typed, rows, syncedAt);
      await putObject(handle, key, body, contentTypes.parquet, metadata);
      return body.length;
    }
    const { body, bytes } = ndjsonGzipStream(typed, rows, syncedAt);
    try {
      await putObject(handle, key, body, contentTypes['ndjson.gz'], metadata);
    } finally {
      body.destroy();
    }
    return bytes();
  }

  // A retry whose batch now makes fewer parts must not leave the old extra parts beside the new
  // ones: they would be duplicates of the same segment. Every attempt writes parts 0, 1, … in
  // order, so if part n (one past this attempt's last) does not exist, no later one does either:
  // one HEAD per batch instead of a listing.
  async function removeStale(stem: string, folder: string, written: ReadonlySet<string>): Promise<void> {
    const stemPrefix = `${folder}${stem}_`;
    try {
      if (!(await objectExists(handle, folder + partFileName(stem, written.size, handle.format)))) return;
      const stale = (await listAll(handle, stemPrefix)).map((o) => o.key).filter((k) => !written.has(k));
      for (let i = 0; i < stale.length; i += 1000) await deleteKeys(handle, stale.slice(i, i + 1000));
    } catch (err) {
      throw s3Failure(err, target, {
        permission: 's3:GetObject, s3:ListBucket and s3:DeleteObject',
        action: `replace the parts of a retried batch (${stemPrefix}*)`,
      });
    }
  }

  return {
    async writeBatch(batch, batchOptions) {
      const rows = toBlobRows(newestPerKey(batch, spec.columns.length));
      if (rows.length === 0) return { written: 0, parts: [] };
      const syncedAt = new Date();
      const partKey = batchOptions?.partKey;
      const parts: PartInfo[] = [];
      let folder = '';
      try {
        for (const group of byAccount(rows)) {
          folder = accountFolder(prefix, table, (group[0] as BlobRow).accountId);
          const stem = partStem(partKey, partKey ? '' : contentHash(group));
          const written = new Set<string>();
          for (const [index, partRows] of splitParts(group, maxRows, maxBytes).entries()) {
            const key = folder + partFileName(stem, index, handle.format);
            const bytes = await writePart(key, partRows, syncedAt);
            written.add(key);
            parts.push({ key, rows: partRows.length, bytes });
          }
          if (partKey) await removeStale(stem, folder, written);
        }
      } catch (err) {
        throw s3Failure(err, target, { permission: 's3:PutObject', action: `write part files under ${folder}` });
      }
      return { written: rows.length, parts };
    },
    async close() {
      // Nothing is held between batches: every part is complete when writeBatch returns.
    },
  };
}
