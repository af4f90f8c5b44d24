import { RUN_TRANSITIONS, SEGMENT_TRANSITIONS, type RunStatus, type SegmentStatus } from './runStates';

// The statuses the database allows (runs_status_check, segments_status_check).
const RUN_STATUSES: RunStatus[] = ['running', 'completed', 'cancelled'];
const SEGMENT_STATUSES: SegmentStatus[] = ['pending', 'queued', 'done'];

function reachable<S extends string>(transitions: Record<string, { from: readonly S[]; to: S }>): Set<S> {
  const seen = new Set<S>(
    Object.values(transitions)
      .filter((t) => t.from.length === 0)
      .map((t) => t.to),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const t of Object.values(transitions)) {
      if (t.from.some((s) => seen.has(s)) && !seen.has(t.to)) {
        seen.add(t.to);
        grew = true;
      }
    }
  }
  return seen;
}

describe('run and segment transitions', () => {
  it('reach every segment status from the insert, and leave done for nothing', () => {
    expect([...reachable(SEGMENT_TRANSITIONS)].sort()).toEqual([...SEGMENT_STATUSES].sort());
    expect(Object.values(SEGMENT_TRANSITIONS).filter((t) => (t.from as readonly SegmentStatus[]).includes('done'))).toEqual([]);
  });

  it('reach running and completed, never cancelled, and leave completed for nothing', () => {
    expect([...reachable(RUN_TRANSITIONS)].sort()).toEqual(RUN_STATUSES.filter((s) => s !== 'cancelled').sort());
    expect(Object.values(RUN_TRANSITIONS).filter((t) => (t.from as readonly RunStatus[]).includes('completed'))).toEqual([]);
  });

  it('create rows only through the insert transitions', () => {
    expect(
      Object.entries(RUN_TRANSITIONS)
        .filter(([, t]) => t.from.length === 0)
        .map(([name]) => name),
    ).toEqual(['start']);
    expect(
      Object.entries(SEGMENT_TRANSITIONS)
        .filter(([, t]) => t.from.length === 0)
        .map(([name]) => name),
    ).toEqual(['create']);
  });
});
