import { splitPoint } from './splitSegment.repository';

const segment = { runId: 'r', n: 0, accountId: 'a', createdGte: 1_000, createdLt: 2_000, cursorCreated: 1_900, rowsWritten: 100 };

describe('splitPoint', () => {
  it('halves the seconds left when the rest, as dense as what was read, is worth it', () => {
    // 100 rows over 100 s read, 900 s left: about 900 rows.
    expect(splitPoint(segment, 400)).toBe(1_450);
  });

  it('keeps a segment whose estimated rest is below the least worth splitting', () => {
    expect(splitPoint(segment, 1_000)).toBeNull();
  });

  it('never splits before a first commit, or within the last two seconds', () => {
    expect(splitPoint({ ...segment, cursorCreated: null }, 1)).toBeNull();
    expect(splitPoint({ ...segment, rowsWritten: 0 }, 1)).toBeNull();
    expect(splitPoint({ ...segment, cursorCreated: 1_001 }, 1)).toBeNull();
  });

  it('leaves the cursor second with the holder and gives the new segment at least one second', () => {
    const point = splitPoint({ ...segment, cursorCreated: 1_002, rowsWritten: 10_000 }, 1) as number;
    expect(point).toBeGreaterThan(segment.createdGte);
    expect(point).toBeLessThan(1_002);
  });
});
