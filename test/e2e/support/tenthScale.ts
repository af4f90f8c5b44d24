// Loader settings that give a backfill of N rows the shape of one of 10 × N at the defaults: the
// same number of pages (10 rows a page instead of 100), so the same segments (the plan splits a
// run by pages: LOADER_PAGES_PER_SEGMENT, LOADER_MAX_SEGMENTS_PER_RUN), the same pages per batch
// (50 rows instead of 500) and the same requests in flight. What a test proves about pages,
// segments, leases and batches holds at a tenth of the rows, and so of the CPU the emulator, the
// loader, Postgres and the test's own comparisons spend on them. The large volumes themselves are
// measured by the benchmarks (bench/), not by tests.
export const TENTH_SCALE = { LOADER_PAGE_SIZE: '10', LOADER_BATCH_ROWS: '50' } as const;

/** Rows a page holds under TENTH_SCALE. */
export const TENTH_SCALE_PAGE_ROWS = 10;
