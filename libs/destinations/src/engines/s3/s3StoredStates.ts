import type { CreatedWindowOptions, StoredState, StoredStatesOptions } from '../operations';
import type { TableColumn } from '../../tableSpec';
import { contentDigest } from '../../writers/contentDigest';
import { expectedTypedText, storedTypedText } from '../../writers/typedColumnText';
import { accountFolder } from './s3Layout';
import { listAll } from './s3Objects';
import { readPart } from './s3PartReader';
import type { S3Handle } from './s3Handle';

// A whole account's states are kept (see the cache below): a digest each, not the objects.
interface NewestState extends Omit<StoredState, 'holds'> {
  digest: string;
  /** The typed columns' digest, over the columns named by `typedColumns` (null: none were asked for). */
  typed: string | null;
  /** The object's `created` (epoch ms), null for a tombstone. */
  created: number | null;
}

// One read of an account's parts per read session (a verification job's slice, on a handle the
// loader's pool may keep for later jobs): its windows are answered from memory instead of reading
// every part again for each. Parts written after the read (the verification's own repairs, a
// poll's) are not in it; a repair compares nothing twice, and a reader keeps the newest
// `_source_ts` whichever part holds it. Another session reads again, so what changed in the
// bucket since (a part rewritten or removed behind the loader's back) is seen by the next check.
interface CachedRead {
  session: string | undefined;
  states: Promise<Map<string, NewestState>>;
}
const cache = new WeakMap<S3Handle, Map<string, CachedRead>>();

const typedDigest = (text: string): string => contentDigest(text);

const toMs = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isNaN(ms) ? null : ms;
};

/** The newest state of each of the account's objects in the table, as a reader of the bucket keeps it. */
async function readNewest(
  handle: S3Handle,
  prefix: string,
  table: string,
  accountId: string,
  columns: readonly TableColumn[],
): Promise<Map<string, NewestState>> {
  const keys = (await listAll(handle, accountFolder(prefix, table, accountId))).map((o) => o.key).filter((k) => /\/part-[^/]+$/.test(k));
  const newest = new Map<string, NewestState>();
  for (const key of keys) {
    for (const row of await readPart(handle, key)) {
      const sourceTs = toMs(row._source_ts) ?? 0;
      const seen = newest.get(row.id);
      if (seen && seen.sourceTs >= sourceTs) continue;
      const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
      newest.set(row.id, {
        sourceTs,
        deleted: row._deleted === true,
        digest: contentDigest(data),
        typed: columns.length > 0 ? typedDigest(storedTypedText(columns, row, contentDigest)) : null,
        created: toMs(row.created),
      });
    }
  }
  return newest;
}

// The typed columns are those of the first read of a handle's table (a verification reads its
// stored states before its live rows); a later read that names others finds `typed` unusable.
function newestStates(
  handle: S3Handle,
  prefix: string,
  table: string,
  accountId: string,
  session: string | undefined,
  columns: readonly TableColumn[] = [],
): Promise<Map<string, NewestState>> {
  let byTable = cache.get(handle);
  if (!byTable) cache.set(handle, (byTable = new Map()));
  const key = `${prefix}\0${table}\0${accountId}`;
  const cached = byTable.get(key);
  if (cached && (session === undefined || cached.session === session)) return cached.states;
  const states = readNewest(handle, prefix, table, accountId, columns);
  states.catch(() => {
    if (byTable.get(key)?.states === states) byTable.delete(key);
  });
  byTable.set(key, { session, states });
  return states;
}

export async function readS3StoredStates(handle: S3Handle, options: StoredStatesOptions): Promise<Map<string, StoredState>> {
  const columns = options.columns ?? [];
  const states = await newestStates(handle, options.schema, options.table, options.accountId, options.readSession, columns);
  // A part rewritten with other typed values than its `data` implies is drift too (docs/verification.md).
  const holdsTyped = (state: NewestState, id: string): boolean => {
    const values = options.values?.get(id);
    return (
      columns.length === 0 ||
      state.typed === null ||
      !values ||
      typedDigest(expectedTypedText(columns, values, contentDigest)) === state.typed
    );
  };
  const found = new Map<string, StoredState>();
  for (const id of options.ids) {
    const state = states.get(id);
    if (state) {
      found.set(id, {
        sourceTs: state.sourceTs,
        deleted: state.deleted,
        holds: (object) => contentDigest(object) === state.digest && holdsTyped(state, id),
      });
    }
  }
  return found;
}

export async function readS3LiveInWindow(handle: S3Handle, options: CreatedWindowOptions): Promise<Map<string, number>> {
  const states = await newestStates(handle, options.schema, options.table, options.accountId, options.readSession);
  const gte = options.createdGte.getTime();
  const lt = options.createdLt.getTime();
  const found = new Map<string, number>();
  for (const [id, state] of states) {
    if (!state.deleted && state.created !== null && state.created >= gte && state.created < lt) found.set(id, state.sourceTs);
  }
  return found;
}
