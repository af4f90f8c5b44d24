import { randomUUID } from 'node:crypto';
import { createWriter, type WriteBatchOptions, type WriteRow, type Writer } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import type { AccountReader } from '@datasync/providers';
import { connectAccount } from '../access/providerAccess';
import type { OpenDestination } from '../access/destinationAccess';
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
 * stays queued for the job's retry) and the error is rethrown for the job's failure policy. A
 * destination connection the caller passed in `opened` is used for every write, and left open.
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
        await io.ended();
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

/**
 * The slice's reader and writes. Batches are written on the caller's connection when it passed
 * one (the attach's head read), else each on a connection borrowed from the process's pool for
 * that batch only (access/destinationPool.ts): a segment job waits on the provider most of the
 * time and holds no connection meanwhile.
 */
class SliceIo {
  private writer: Writer | undefined;

  constructor(
    private readonly deps: LoaderDeps,
    private readonly ctx: RunContext,
    private readonly logger: Logger,
    private readonly opened: OpenedIo | undefined,
  ) {}

  reader(): AccountReader {
    return (
      this.opened?.reader ??
      connectAccount(this.deps.providers, this.deps.secretBox, this.ctx.account, this.ctx.source, this.logger).reader('backfill')
    );
  }

  async write(rows: readonly WriteRow[], options: WriteBatchOptions): Promise<void> {
    const writerOptions = { engine: this.ctx.destination.engine, resource: this.ctx.resource };
    if (this.opened) {
      const { handle, schema } = this.opened.destination;
      this.writer ??= createWriter(handle, { ...writerOptions, schema });
      await this.writer.writeBatch(rows, options);
      return;
    }
    await this.deps.destinationPool.use(this.target(), (pooled) => pooled.writer(writerOptions).writeBatch(rows, options));
  }

  /** The segment is done: close the run if it was the last (on a destination connection), show the status, dispatch more. */
  ended(): Promise<void> {
    if (this.opened) return segmentEnded(this.deps, this.ctx, this.opened.destination);
    return this.deps.destinationPool.use(this.target(), (pooled) => segmentEnded(this.deps, this.ctx, pooled.destination));
  }

  async close(): Promise<void> {
    await this.writer?.close().catch(() => undefined);
  }

  private target() {
    return { environmentId: this.ctx.account.environmentId, destination: this.ctx.destination };
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
  return readSegment(
    deps,
    segment,
    {
      reader: io.reader(),
      resource: ctx.resource,
      write: (rows, options) => io.write(rows, options),
      identifier: ctx.account.identifier,
      table: ctx.run.tableName,
      logger,
    },
    { ...lease, deadline: Date.now() + deps.settings.sliceMs, ...(maxPages !== undefined ? { maxPages } : {}) },
  );
}
