import { withSpan } from '@datasync/tracing';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@datasync/logger';
import { backfillFor, tableSpecOf, type AccountReader } from '@datasync/providers';
import { connectAccount } from '../access/providerAccess';
import { claimConfirmed, claimForSync } from '../access/tableOwnership';
import { fencedWrite } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import { claimSegment, releaseSegment, segmentEnded, stopReason, type RunContext, type Segment, type StopReason } from '../runs';
import { afterFirstRows } from './firstRowsFirst';
import { readSegment, type ReadOutcome } from './readSegment';

export type SliceOutcome =
  | { kind: 'done' }
  | { kind: 'paused' }
  | { kind: 'stopped'; reason: StopReason }
  | { kind: 'lost' }
  /** Another job holds the segment's lease until then. */
  | { kind: 'held'; until: Date }
  | { kind: 'gone' };

export interface SliceOptions {
  /** A head read: this many pages, then the segment goes back to be dispatched; its writes go ahead of other batches. */
  maxPages?: number;
  /** The caller's reader of the account (the attach's), else one is connected for the slice. */
  reader?: AccountReader;
}

/**
 * A head read's caller (the attach, startBackfill) goes on with what segmentEnded does: its plan
 * closes a run that the head page finished, and it settles the account's status and dispatches
 * once after all of the account's tables. Doing them here too cost a tiny account (one page, done
 * at the head) 13 of its attach's 73 control-plane statements, measured by bench:scale as the
 * bound on how fast thousands of small accounts load.
 */
const isHead = (options: SliceOptions): boolean => options.maxPages !== undefined;

/**
 * One slice of a segment: claim its lease, read pages until the slice is spent, the segment ends
 * or loading must stop, and give the lease back. On an error the lease is released (the segment
 * stays queued for the job's retry) and the error is rethrown for the job's failure policy.
 * Each batch is written on a connection borrowed from the process's pool for that batch only
 * (access/destinationPool.ts): a segment job waits on the provider most of the time and holds no
 * connection meanwhile.
 */
export async function runSegmentSlice(
  deps: LoaderDeps,
  ctx: RunContext,
  n: number,
  logger: Logger,
  options: SliceOptions = {},
): Promise<SliceOutcome> {
  const token = randomUUID();
  // The lease runs for leaseMs from the claim's statement, so at least that long from now.
  const leaseFrom = Date.now();
  const claim = await claimSegment(deps.knex, ctx.run.id, n, token, deps.settings.leaseMs);
  if (claim.kind === 'missing') return { kind: 'gone' };
  if (claim.kind === 'held') return claim;
  if (claim.kind === 'done') {
    if (!isHead(options)) await segmentEnded(deps, ctx);
    return { kind: 'done' };
  }
  let outcome: ReadOutcome;
  try {
    outcome = await readClaimed(deps, ctx, claim.segment, { token, leaseFrom }, logger, options);
  } catch (err) {
    await releaseSegment(deps.knex, claim.segment, token, 'yield').catch(() => undefined);
    throw err;
  }
  switch (outcome.kind) {
    case 'done':
      if (!isHead(options)) await segmentEnded(deps, ctx);
      return outcome;
    case 'stopped':
      await releaseSegment(deps.knex, claim.segment, token, 'stop');
      logger.info('segment stopped', { runId: ctx.run.id, n, reason: outcome.reason });
      return outcome;
    case 'paused':
      // A head read (max_pages) hands segment 0 back to be dispatched like the others; a spent
      // slice keeps it queued, since the same job carries on.
      await releaseSegment(deps.knex, claim.segment, token, outcome.why === 'max_pages' ? 'stop' : 'yield');
      return { kind: 'paused' };
    case 'lost':
      logger.warn('segment lease lost: it ran out, or another job took the segment over', { runId: ctx.run.id, n });
      return outcome;
  }
}

async function readClaimed(
  deps: LoaderDeps,
  ctx: RunContext,
  segment: Segment,
  lease: { token: string; leaseFrom: number },
  logger: Logger,
  options: SliceOptions,
): Promise<ReadOutcome> {
  const reason = await stopReason(deps.knex, ctx.run.id);
  if (reason) return { kind: 'stopped', reason };
  const reader = options.reader ?? connectAccount(deps.providers, deps.secretBox, ctx.account, ctx.source, logger).reader('backfill');
  const target = { environmentId: ctx.account.environmentId, destination: ctx.destination };
  const writerOptions = { engine: ctx.destination.engine, spec: tableSpecOf(ctx.resource) };
  const scope = { accountId: ctx.account.id, collectionId: ctx.run.collectionId };
  const urgent = isHead(options);
  // The attach claimed the table; a run that began before owners were recorded claims it here.
  const { syncId, tableName } = ctx.run;
  if (!claimConfirmed(syncId, tableName)) {
    await deps.destinationPool.use(target, ({ destination }) =>
      claimForSync(deps.knex, destination.handle, { schema: destination.schema, table: tableName, syncId }),
    );
  }
  return readSegment(
    deps,
    segment,
    {
      reader,
      backfill: backfillFor(ctx.source.provider),
      resource: ctx.resource,
      // A span per batch: a trace follows an account from its registration to its first rows. The
      // destination connection first, then the fence: a batch waiting for a connection holds no fence.
      write: (rows, writeOptions) =>
        withSpan('destination.write', { attributes: { 'db.collection.name': ctx.run.tableName, 'datasync.rows': rows.length } }, () =>
          deps.destinationPool.use(
            target,
            (pooled) => fencedWrite(deps.knex, scope, () => pooled.writer(writerOptions).writeBatch(rows, writeOptions)),
            { urgent },
          ),
        ),
      identifier: ctx.account.identifier,
      table: ctx.run.tableName,
      firstLoad: ctx.run.kind === 'backfill',
      turn: urgent ? () => Promise.resolve() : () => afterFirstRows(deps, ctx.account.id),
      logger,
    },
    { ...lease, deadline: Date.now() + deps.settings.sliceMs, ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}) },
  );
}
