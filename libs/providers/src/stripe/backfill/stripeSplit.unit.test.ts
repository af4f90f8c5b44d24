import type { PartitionPage } from '../../contract/backfill';
import { stripeBackfill } from './stripeBackfill';

const partition = { createdGte: 1_000, createdLt: 2_000 };
const at = (created: number | null) => ({ after: 'ch_x', created });

describe('splittableRows', () => {
  it('estimates the rest as dense as what was read', () => {
    // 100 rows over the 100 s read, 900 s left: about 900 rows.
    expect(stripeBackfill.splittableRows(partition, at(1_900), 100)).toBe(900);
  });

  it('is 0 before a first commit, without a created, or within the last two seconds', () => {
    expect(stripeBackfill.splittableRows(partition, null, 100)).toBe(0);
    expect(stripeBackfill.splittableRows(partition, at(1_900), 0)).toBe(0);
    expect(stripeBackfill.splittableRows(partition, at(null), 100)).toBe(0);
    expect(stripeBackfill.splittableRows(partition, at(1_001), 10_000)).toBe(0);
  });
});

describe('splitPartition', () => {
  it('halves the seconds left below the cursor', () => {
    expect(stripeBackfill.splitPartition(partition, at(1_900))).toEqual({
      keep: { createdGte: 1_450, createdLt: 2_000 },
      rest: { createdGte: 1_000, createdLt: 1_450 },
    });
  });

  it('leaves the cursor second with the holder and gives the new partition at least one second', () => {
    const parts = stripeBackfill.splitPartition(partition, at(1_002)) as { keep: typeof partition; rest: typeof partition };
    expect(parts.keep.createdGte).toBeGreaterThan(partition.createdGte);
    expect(parts.keep.createdGte).toBeLessThan(1_002);
    expect(parts.rest).toEqual({ createdGte: 1_000, createdLt: parts.keep.createdGte });
  });

  it('refuses within the last two seconds, or when the cursor has no created', () => {
    expect(stripeBackfill.splitPartition(partition, at(1_001))).toBeNull();
    expect(stripeBackfill.splitPartition(partition, at(null))).toBeNull();
  });
});

describe('restrictPage', () => {
  const page = (created: number[], next: number | null): PartitionPage => ({
    objects: created.map((c, i) => ({ id: `ch_${i}`, created: c })),
    nextCursor: next === null ? null : at(next),
    fetchedAt: new Date(0),
  });

  it('drops what a split gave away and ends the page that reached below the kept range', () => {
    const restricted = stripeBackfill.restrictPage({ createdGte: 1_450, createdLt: 2_000 }, page([1_500, 1_450, 1_449, 1_400], 1_400));
    expect(restricted.objects.map((o) => o.created)).toEqual([1_500, 1_450]);
    expect(restricted.nextCursor).toBeNull();
  });

  it('leaves a page of the partition as it is', () => {
    const read = page([1_900, 1_800], 1_800);
    expect(stripeBackfill.restrictPage(partition, read)).toBe(read);
  });
});

describe('stored JSON', () => {
  it('refuses a partition or cursor of another shape rather than read it as a range', () => {
    expect(() => stripeBackfill.splitPartition({ gte: 1, lt: 2 }, at(1_900))).toThrow(/not a Stripe partition/);
    expect(() => stripeBackfill.splittableRows(partition, 'ch_x', 1)).toThrow(/not a Stripe cursor/);
  });
});
