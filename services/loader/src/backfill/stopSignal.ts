import type { LoaderDeps } from '../deps';
import { stopReason, type StopReason } from '../runs';

/** Why a slice ends with its segment unfinished, to go on later. */
export type PauseReason = 'slice' | 'max_pages' | 'shutdown';

export interface SliceBounds {
  /** Epoch ms after which no further page is requested. */
  deadline: number;
  maxPages?: number;
}

/**
 * When a segment's reading must end early. Two kinds: a pause (the process is stopping, the
 * slice's time or page budget is spent), asked before each further page, and a stop (the run is
 * finished or gone, the account paused or being deleted, the collection unmounted), asked of the
 * database after every committed batch, so a stop takes effect at the next page boundary.
 */
export class StopSignal {
  constructor(
    private readonly deps: Pick<LoaderDeps, 'knex' | 'stopping'>,
    private readonly runId: string,
    private readonly bounds: SliceBounds,
  ) {}

  /** After `pagesFetched` pages: why no further page is requested, or null to go on. */
  pauseAfter(pagesFetched: number): PauseReason | null {
    if (this.deps.stopping()) return 'shutdown';
    if (this.bounds.maxPages !== undefined && pagesFetched >= this.bounds.maxPages) return 'max_pages';
    if (Date.now() >= this.bounds.deadline) return 'slice';
    return null;
  }

  /** Why loading must stop now, or null while it may go on. */
  stopped(): Promise<StopReason | null> {
    return stopReason(this.deps.knex, this.runId);
  }
}
