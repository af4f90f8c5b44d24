// `@datasync/providers/testing`: helpers for tests and benchmarks, never imported by production
// code (the loader splits and reads segments across jobs, not with parallelRead).
export { parallelRead, type ParallelReadOptions, type ParallelReadResult } from './parallelRead';
