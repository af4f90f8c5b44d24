/**
 * When generated object i was created: `start + floor(i * span / count)`, monotone in i, so a
 * `created` bound maps to an index bound by binary search and "newest first" is "highest index
 * first". The split into quotient and remainder keeps the arithmetic exact in doubles for up to
 * MAX_GENERATED objects (i * remainder < count² < 2^53).
 */
export const MAX_GENERATED = 50_000_000;

export class Timeline {
  private readonly quotient: number;
  private readonly remainder: number;

  constructor(
    readonly start: number,
    readonly end: number,
    readonly count: number,
  ) {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) throw new Error('invalid timeline bounds');
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_GENERATED) throw new Error('invalid object count');
    const span = end - start;
    this.quotient = count === 0 ? 0 : Math.floor(span / count);
    this.remainder = count === 0 ? 0 : span - this.quotient * count;
  }

  createdAt(index: number): number {
    return this.start + index * this.quotient + Math.floor((index * this.remainder) / this.count);
  }
}

/**
 * The smallest index in [0, size) whose created is >= `at` (size when none is): a binary search
 * over any monotone `createdAt`.
 */
export function firstIndexAtOrAfter(size: number, createdAt: (index: number) => number, at: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (createdAt(mid) >= at) high = mid;
    else low = mid + 1;
  }
  return low;
}
