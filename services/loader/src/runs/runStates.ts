/**
 * The statuses a run and a segment can have (the database checks the same lists) and every move
 * between them, by name. The repositories of this folder are the only code that changes a
 * status, and each change names its transition here: a move not listed is not made anywhere.
 * docs/run-lifecycle.md draws them.
 */

/** `cancelled` is allowed by the schema, but no transition leads there: a run whose sync is deleted goes with it. */
export type RunStatus = 'running' | 'completed' | 'cancelled';

/** `queued`: a job holds the segment (waiting or running); whoever holds an unexpired lease reads it. */
export type SegmentStatus = 'pending' | 'queued' | 'done';

interface Transition<S extends string> {
  /** Statuses the move starts from; empty for the insert that creates the row. */
  from: readonly S[];
  to: S;
}

export const RUN_TRANSITIONS = {
  /** A backfill or resync begins: one running run per (account, destination, table). */
  start: { from: [], to: 'running' },
  /** The newest page is in and the rest of the range is split into segments (`planned` becomes true). */
  plan: { from: ['running'], to: 'running' },
  /** Every segment is done (after the destination's end-of-run step). */
  complete: { from: ['running'], to: 'completed' },
} as const satisfies Record<string, Transition<RunStatus>>;

export const SEGMENT_TRANSITIONS = {
  /** Segment 0 with its run, the others when the run is planned. */
  create: { from: [], to: 'pending' },
  /** Picked within the account's cap, its job enqueued after the commit. */
  dispatch: { from: ['pending'], to: 'queued' },
  /** A job takes the lease: a queued segment, or a pending one read at once (the head page). */
  claim: { from: ['pending', 'queued'], to: 'queued' },
  /** A batch is committed in the destination: the cursor moves, the lease is renewed. */
  commit: { from: ['queued'], to: 'queued' },
  /**
   * At a commit, its holder gives the older half of what is left of its range to a new segment
   * (created pending beside it), because a dispatcher asked for a split (`split_wanted`).
   */
  shrink: { from: ['queued'], to: 'queued' },
  /** The lease is extended while the job runs. */
  renew: { from: ['queued'], to: 'queued' },
  /** The last batch, or an empty last page: the range is read. */
  finish: { from: ['queued'], to: 'done' },
  /** The lease is given back and the job goes on later (slice spent, 429, retry). */
  yield: { from: ['queued'], to: 'queued' },
  /** The lease is given back and the segment waits for a dispatch (paused, unmounted, head read). */
  stop: { from: ['queued'], to: 'pending' },
  /** A queued segment whose job was lost gets a new one. */
  requeue: { from: ['queued'], to: 'queued' },
} as const satisfies Record<string, Transition<SegmentStatus>>;

export type RunTransition = keyof typeof RUN_TRANSITIONS;
export type SegmentTransition = keyof typeof SEGMENT_TRANSITIONS;

/** The statuses a segment transition starts from, as a mutable list for a `whereIn`. */
export function segmentFrom(name: SegmentTransition): SegmentStatus[] {
  return [...SEGMENT_TRANSITIONS[name].from];
}

export function runFrom(name: RunTransition): RunStatus[] {
  return [...RUN_TRANSITIONS[name].from];
}
