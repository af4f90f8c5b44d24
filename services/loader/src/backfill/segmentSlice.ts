import { randomUUID } from 'node:crypto';
import { createWriter } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import type { AccountReader } from '@datasync/providers';
import { connectAccount } from '../access/providerAccess';
import { openDestination, type OpenDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { claimSegment, releaseSegment, segmentEnded, stopReason, type RunContext, type Segment, type StopReason } from '../runs';
import { readSegment, type ReadOutcome } from './readSegment';

export type SliceOutcome =
  | { kind: 'done' }
  | { kind: 'paused' }
  | { kind: 'stopped'; reason: StopReason }
  | { kind: 'lost' }
  /** Another job holds the segment's lease until then. */
  | { kind: 'held'; until: Date }
  | { kind: 'gone' };

/** What the caller already holds open for the account and the run's destination: used, not closed. */
export interface OpenedIo {
  reader: AccountReader;
  destination: OpenDestination;
}

export interface SliceOptions {
  maxPages?: number;
  opened?: OpenedIo;
}

/**
 * One slice of a segment: claim its lease, read pages until the slice is spent, the segment ends
 * or loading must stop, and give the lease back. On an error the lease is released (the segment
 * stays queued for the job's retry) and the error is rethrown for the job's failure policy. The
 * destination connection the slice wrote with also serves the run's close, when this segment was
 * its last; one the caller passed in `opened` is left open.
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
    await segmentEnded(deps, ctx, options.opened?.destination);
    return { kind: 'done' };
  }
  const io = new SliceIo(deps, ctx, logger, options.opened);
  try {
    let outcome: ReadOutcome;
    try {
      outcome = await readClaimed(deps, ctx, claim.segment, { token, leaseFrom }, io, logger, options.maxPages);
    } catch (err) {
      await releaseSegment(deps.knex, claim.segment, token, 'yield').catch(() => undefined);
      throw err;
    }
    switch (outcome.kind) {
      case 'done':
        await segmentEnded(deps, ctx, io.openedDestination());
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
  } finally {
    await io.close();
  }
}

/** The slice's reader and destination connection: the caller's, or opened on first use and closed with the slice. */
class SliceIo {
  private destination: OpenDestination | undefined;

  constructor(
    private readonly deps: LoaderDeps,
    private readonly ctx: RunContext,
    private readonly logger: Logger,
    private readonly opened: OpenedIo | undefined,
  ) {
    this.destination = opened?.destination;
  }

  reader(): AccountReader {
    return (
      this.opened?.reader ??
      connectAccount(this.deps.providers, this.deps.secretBox, this.ctx.account, this.ctx.source, this.logger).reader('backfill')
    );
  }

  async openDestination(): Promise<OpenDestination> {
    this.destination ??= await openDestination(
      this.deps.destinations,
      this.deps.secretBox,
      this.ctx.account.environmentId,
      this.ctx.destination,
    );
    return this.destination;
  }

  openedDestination(): OpenDestination | undefined {
    return this.destination;
  }

  async close(): Promise<void> {
    if (this.opened || !this.destination) return;
    await this.destination.handle.close().catch(() => undefined);
  }
}

async function readClaimed(
  deps: LoaderDeps,
  ctx: RunContext,
  segment: Segment,
  lease: { token: string; leaseFrom: number },
  io: SliceIo,
  logger: Logger,
  maxPages: number | undefined,
): Promise<ReadOutcome> {
  const reason = await stopReason(deps.knex, ctx.run.id);
  if (reason) return { kind: 'stopped', reason };
  const reader = io.reader();
  const destination = await io.openDestination();
  const writer = createWriter(destination.handle, { engine: ctx.destination.engine, schema: destination.schema, resource: ctx.resource });
  try {
    return await readSegment(
      deps,
      segment,
      { reader, resource: ctx.resource, writer, identifier: ctx.account.identifier, table: ctx.run.tableName, logger },
      { ...lease, deadline: Date.now() + deps.settings.sliceMs, ...(maxPages !== undefined ? { maxPages } : {}) },
    );
  } finally {
    await writer.close().catch(() => undefined);
  }
}
