import { randomUUID } from 'node:crypto';
import { markDeleted, readLiveInWindow, readStoredStates, type WriteRow } from '@datasync/destinations';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { tableSpecOf, toWriteRow, typedValues, type AccountReader, type CatalogResource } from '@datasync/providers';
import type { PoolTarget, PooledDestination } from '../access/destinationPool';
import { fencedWrite, type FenceClosed, type FenceScope, type Fenced } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import { compareWindow, driftCount, type WindowDrift } from './compareWindow';
import { createdWindows, type ListedWindow } from './createdWindows';
import { VerifyGate } from './verifyGate';
import type { VerifySlice } from './verifySlice';
import {
  completeVerification,
  saveWindow,
  type VerificationKey,
  type VerificationPart,
  type VerificationProgress,
} from './verifications.repository';

export interface TableCheck {
  key: VerificationKey;
  /** The account's identifier: the rows' `account_id`. */
  identifier: string;
  resource: CatalogResource;
  /** The table's destination: each window borrows a connection of the loader's pool for its reads and repair. */
  target: PoolTarget;
  /** The account and the table's collection: repairs are written under their write fence. */
  scope: FenceScope;
  progress: VerificationProgress;
  /** What commits with the table's completion (the account's last table: its `account.verified`). */
  onComplete?: (trx: Knex.Transaction) => Promise<void>;
}

export type TableOutcome =
  | { done: true; found: number; repaired: number }
  /** `stopped`: the account was paused or is being deleted, or the collection unmounted: the check ends here. */
  | { done: false; stopped?: FenceClosed };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Walks one table's check from where it stands, its parts side by side (a walk is one request
 * after the other, so parts keep the account's budget busy while each waits for its page),
 * repairing each window's drift before its part goes on (missing and changed objects rewritten
 * from the listing, objects no longer listed marked deleted; every write guarded by `_source_ts`,
 * so a poll's newer write stands) and saving the part's place after each. Each window borrows a
 * destination connection from the loader's pool only for its reads and repair, never while the
 * provider answers, as segment jobs do. Once the slice is over each part stops between windows:
 * the job yields its worker and goes on later from the saved places. A repair is written under the
 * account's write fence (access/writeFence.ts), and before each page the check asks whether the
 * account may still load: once paused, deleting or unmounted, it stops without another request.
 */
export async function verifyTable(
  deps: LoaderDeps,
  reader: AccountReader,
  check: TableCheck,
  slice: VerifySlice,
  logger: Logger,
): Promise<TableOutcome> {
  const { key, progress, resource } = check;
  const table = key.tableName;
  let found = progress.found;
  let repaired = progress.repaired;
  const gate = new VerifyGate(deps.knex, check.scope);
  // This slice's windows read the destination as one session: a blob destination reads the
  // account's parts once for them, and again in the next slice (docs/verification.md, Engines).
  const readSession = randomUUID();
  const walkPart = async (index: number): Promise<boolean> => {
    const part = progress.parts[index] as VerificationPart;
    if (part.lt <= part.gte) return true;
    // Once the slice is spent a window closes at its next page, so the parts stop within a page of
    // each other and none keeps the account's budget idle while another finishes a long window.
    const walk = {
      from: part.gte,
      cursor: part.lt,
      windowObjects: deps.settings.verifyWindowObjects,
      pageSize: 100,
      closeEarly: () => slice.spent(),
      mayGoOn: () => gate.open(),
    };
    for await (const window of createdWindows(reader, resource, walk)) {
      deps.metrics.pagesFetched.inc({ resource: resource.name }, window.pages);
      const { drift, fixed } = await deps.destinationPool.use(check.target, async (pooled) => {
        const listed = await compareListed(check, pooled, window, readSession);
        if (driftCount(listed) === 0) return { drift: listed, fixed: 0 };
        const repairing = await fencedWrite(deps.knex, check.scope, () => repair(check, pooled, window, listed));
        if (repairing.closed) gate.close(repairing.closed);
        return { drift: listed, fixed: fixedCount(repairing) };
      });
      // The repair was refused: the window is not saved (nor counted), the check ends.
      if (gate.closed) return false;
      const count = driftCount(drift);
      const place = { startedAt: progress.startedAt, index };
      // Another run of this job saved the window first (and counted its drift): it walks the part.
      // Or the check is gone with its account (purged): the gate says so.
      if (!(await saveWindow(deps.knex, key, place, window.createdGte, { found: count, repaired: fixed }))) {
        await gate.open();
        return false;
      }
      recordWindow(deps, logger, table, window, drift, fixed);
      found += count;
      repaired += fixed;
      if (window.createdGte <= part.gte) return true;
      if (await slice.over()) return false;
    }
    // A walk that ended because the account may not load any more is not a walked part.
    return gate.closed === null;
  };
  const done = await Promise.all(progress.parts.map((_, index) => walkPart(index)));
  if (gate.closed) {
    logger.info('verification stopped: the account no longer loads this table', { table, reason: gate.closed });
    return { done: false, stopped: gate.closed };
  }
  if (done.some((d) => !d)) return { done: false };
  const completed = await deps.knex.transaction(async (trx) => {
    if (!(await completeVerification(trx, key, progress))) return false;
    await check.onComplete?.(trx);
    return true;
  });
  // Another run of this job completed the check (and sent what follows it).
  if (!completed) return { done: true, found, repaired };
  logger.info('table verified', {
    table,
    scope: progress.scope,
    createdFrom: progress.from === null ? null : iso(progress.from),
    createdThrough: iso(progress.through),
    driftFound: found,
    driftRepaired: repaired,
  });
  return { done: true, found, repaired };
}

async function compareListed(
  check: TableCheck,
  pooled: PooledDestination,
  window: ListedWindow,
  readSession: string,
): Promise<WindowDrift> {
  const { handle, schema } = pooled.destination;
  const base = { schema, table: check.key.tableName, accountId: check.identifier, readSession };
  // The listed objects go along so a database compares digests on its side (docs/verification.md),
  // of `data` and of the typed columns.
  const objects = new Map([...window.listed].map(([id, item]) => [id, item.object]));
  const values = new Map([...objects].map(([id, object]) => [id, typedValues(check.resource, object)]));
  const { columns } = tableSpecOf(check.resource);
  const stored = await readStoredStates(handle, { ...base, ids: [...objects.keys()], objects, columns, values });
  const live = await readLiveInWindow(handle, {
    ...base,
    createdGte: new Date(window.createdGte * 1000),
    createdLt: new Date(window.createdLt * 1000),
  });
  return compareWindow(window.listed, stored, live, window.listedAt);
}

async function repair(check: TableCheck, pooled: PooledDestination, window: ListedWindow, drift: WindowDrift): Promise<number> {
  const { handle, schema } = pooled.destination;
  const rows: WriteRow[] = [...drift.missing, ...drift.changed, ...drift.stale].map((item) =>
    toWriteRow(check.resource, { accountId: check.identifier, object: item.object, sourceTs: new Date(item.fetchedAt) }),
  );
  let fixed = 0;
  if (rows.length > 0) {
    // Blob destinations name the parts from this key: a retried window overwrites its own parts.
    const partKey = { runId: `verify-${check.progress.startedAt.getTime()}`, segment: 0, sequence: window.createdLt };
    const writer = pooled.writer({ engine: handle.engine, spec: tableSpecOf(check.resource) });
    fixed += (await writer.writeBatch(rows, { partKey })).written;
  }
  if (drift.removed.length > 0) {
    const objects = drift.removed.map((id) => ({ accountId: check.identifier, id, sourceTs: new Date(window.listedAt) }));
    const spec = { ...tableSpecOf(check.resource), table: check.key.tableName };
    fixed += (await markDeleted(handle, { engine: handle.engine, schema, spec, objects })).marked;
  }
  return fixed;
}

const fixedCount = (repairing: Fenced<number>): number => (repairing.closed ? 0 : repairing.value);

function recordWindow(deps: LoaderDeps, logger: Logger, table: string, window: ListedWindow, drift: WindowDrift, fixed: number): void {
  const counts = { missing: drift.missing.length, changed: drift.changed.length, stale: drift.stale.length, removed: drift.removed.length };
  const total = driftCount(drift);
  deps.metrics.verificationWindows.inc({ outcome: total === 0 ? 'match' : 'drift' });
  const meta = { table, createdFrom: iso(window.createdGte), createdTo: iso(window.createdLt), objects: window.listed.size };
  if (total === 0) {
    logger.debug('verification window matches', meta);
    return;
  }
  for (const [kind, n] of Object.entries(counts)) if (n > 0) deps.metrics.verificationDrift.inc({ table, kind }, n);
  deps.metrics.verificationRepaired.inc({ table }, fixed);
  logger.info('verification window drifted; repaired', { ...meta, ...counts, repaired: fixed });
}
