import type { S3Handle } from '../engines/s3/s3Handle';
import { listAll } from '../engines/s3/s3Objects';
import { readPart, type PartRow } from '../engines/s3/s3PartReader';

export { readPart, type PartRow };

export interface PartFile {
  key: string;
  rows: PartRow[];
}

/** Every part file under `prefix` (manifests and _schema.json left out), in key order. */
export async function readParts(handle: S3Handle, prefix: string): Promise<PartFile[]> {
  const keys = (await listAll(handle, prefix))
    .map((o) => o.key)
    .filter((k) => /\/part-[^/]+$/.test(k))
    .sort();
  return Promise.all(keys.map(async (key) => ({ key, rows: await readPart(handle, key) })));
}

/** What a reader of the bucket keeps: the newest row per (account_id, id). */
export function latestState(rows: readonly PartRow[]): Map<string, PartRow> {
  const latest = new Map<string, PartRow>();
  for (const row of rows) {
    const key = `${row.account_id}\0${row.id}`;
    const seen = latest.get(key);
    if (!seen || seen._source_ts < row._source_ts) latest.set(key, row);
  }
  return latest;
}
