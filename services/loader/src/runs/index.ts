// The run and segment lifecycle (docs/run-lifecycle.md): the only code that writes the `runs` and
// `segments` tables. Other loader code asks it to move a run or a segment through these calls.

export {
  RUN_TRANSITIONS,
  SEGMENT_TRANSITIONS,
  type RunStatus,
  type SegmentStatus,
  type RunTransition,
  type SegmentTransition,
} from './runStates';
export { findRun, newRunFor, someTableToPlan, type NewRun, type Run, type RunKind } from './runs.repository';
export { loadRunContext, type RunContext } from './runContext';

// start
export {
  snapshotSecond,
  startBackfillRun,
  startResyncRun,
  type ResyncStart,
  type RunOpening,
  type StartedRun,
} from './runStart.repository';
// plan
export { planRun, type PlanInputs } from './planRun';
// progress
export {
  claimSegment,
  commitPage,
  finishSegment,
  releaseSegment,
  renewLease,
  type Claim,
  type CommitResult,
  type PageCommit,
  type Segment,
  type SegmentRef,
} from './segments.repository';
export { findSegment } from './segmentQueries.repository';
export { recordRunWarnings } from './runWarnings.repository';
export { stopReason, type StopReason } from './stopReason.repository';
export { dispatchSegments, ensureSegmentJobs } from './dispatch';
export { dispatchWaitingSegments, requeueOrphanedSegments, segmentEnded } from './progress';
// close
export { closeFinishedRuns } from './progress';
export { closeRunIfDone } from './closeRun';
