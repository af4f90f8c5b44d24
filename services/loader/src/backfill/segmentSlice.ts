import { randomUUID } from 'node:crypto';
import { createWriter } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { connectAccount } from '../access/providerAccess';
import { openDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { stopReason, type StopReason } from '../runs/runs.repository';
import { claimSegment, releaseSegment, type Segment } from '../runs/segments.repository';
import { settleStatus } from '../state/accountStates.repository';
import { closeRunIfDone } from './closeRun';
import { dispatchSegments } from './dispatch';
import { readSegment, type ReadOutcome } from './readSegment';
import type { RunContext } from './runContext';

export type SliceOutcome =
  | { kind: 'done' }
  | { kind: 'paused' }
  | { kind: 'stopped'; reason: StopReason }
  | { kind: 'lost' }
  /** Another job holds the segment's lease until then. */
  | { kind: 'held'; until: Date }
  | { kind: 'gone' };

/**
 * One slice of a segment: claim its lease, read pages until the slice is spent, the segment ends
 * or loading must stop, and give the lease back. On an error the lease is released (the segment
 * stays queued for the job's retry) and the error is rethrown for the job's failure policy.
 */
export async function runSegmentSlice(
  deps: LoaderDeps,
  ctx: RunContext,
  n: number,
  logger: Logger,
  options: { maxPages?: number } = {},
): Promise<SliceOutcome> {
  const token = randomUUID();
  // The lease runs for leaseMs from the claim's statement, so at least that long from now.
  const leaseFrom = Date.now();
  const claim = await claimSegment(deps.knex, ctx.run.id, n, token, deps.settings.leaseMs);
  if (claim.kind === 'missing') return { kind: 'gone' };
  if (claim.kind === 'held') return claim;
  if (claim.kind === 'done') {
    await afterSegmentDone(deps, ctx);
    return { kind: 'done' };
  }
  let outcome: ReadOutcome;
  try {
    outcome = await readClaimed(deps, ctx, claim.segment, { token, leaseFrom }, logger, options.maxPages);
  } catch (err) {
    await releaseSegment(deps.knex, claim.segment, token).catch(() => undefined);
    throw err;
  }
  switch (outcome.kind) {
    case 'done':
      await afterSegmentDone(deps, ctx);
      return outcome;
    case 'stopped':
      await releaseSegment(deps.knex, claim.segment, token, { toPending: true });
      logger.info('segment stopped', { runId: ctx.run.id, n, reason: outcome.reason });
      return outcome;
    case 'paused':
      // A head read (max_pages) hands segment 0 back to be dispatched like the others; a spent
      // slice keeps it queued, since the same job carries on.
      await releaseSegment(deps.knex, claim.segment, token, { toPending: outcome.why === 'max_pages' });
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
  maxPages: number | undefined,
): Promise<ReadOutcome> {
  const reason = await stopReason(deps.knex, ctx.run.id);
  if (reason) return { kind: 'stopped', reason };
  const connection = connectAccount(deps.providers, deps.secretBox, ctx.account, ctx.source, logger);
  const destination = await openDestination(deps.destinations, deps.secretBox, ctx.account.environmentId, ctx.destination);
  try {
    const writer = createWriter(destination.handle, { engine: ctx.destination.engine, schema: destination.schema, resource: ctx.resource });
    try {
      return await readSegment(
        deps,
        segment,
        { reader: connection.reader(), resource: ctx.resource, writer, identifier: ctx.account.identifier, table: ctx.run.tableName, logger },
        { ...lease, deadline: Date.now() + deps.settings.sliceMs, ...(maxPages !== undefined ? { maxPages } : {}) },
      );
    } finally {
      await writer.close().catch(() => undefined);
    }
  } finally {
    await destination.handle.close().catch(() => undefined);
  }
}

/** A segment ended: close the run if it was the last, show the account's status, dispatch more. */
export async function afterSegmentDone(deps: LoaderDeps, ctx: Pick<RunContext, 'run' | 'account'>): Promise<void> {
  await closeRunIfDone(deps, ctx.run.id);
  await settleStatus(deps.knex, ctx.account);
  await dispatchSegments(deps, ctx.account.id);
}
