import { DestinationError } from '../errors';

/**
 * How much tenant-controlled content one read may take into a loader (docs/security.md, Bounded
 * reads). A destination is its tenant's own: whatever it holds (a part rewritten by hand, a
 * decompression bomb, a folder of a million objects, a row of 500 MB) must fail that account's
 * job with a clear error, never exhaust a loader that serves every other tenant too.
 */
export interface ReadBounds {
  /** Largest stored object read whole (an S3 part, before decompression). */
  maxObjectBytes: number;
  /** Largest decompressed size of one part (gunzip output, or a Parquet file's pages together). */
  maxDecodedBytes: number;
  /** Most objects one listing of a folder may return (an account's parts of one table). */
  maxListedObjects: number;
  /** Largest stored `data` value a verification fetches to compare in the loader (databases). */
  maxValueBytes: number;
}

/** The defaults, each well above what the loader itself writes (parts of a batch, objects of a provider). */
export const DEFAULT_READ_BOUNDS: Readonly<ReadBounds> = Object.freeze({
  maxObjectBytes: 64 * 1024 * 1024,
  maxDecodedBytes: 256 * 1024 * 1024,
  maxListedObjects: 100_000,
  maxValueBytes: 16 * 1024 * 1024,
});

/** The loader setting each bound comes from, named in the error so an operator knows what to raise. */
const SETTING: Record<keyof ReadBounds, string> = {
  maxObjectBytes: 'LOADER_READ_MAX_OBJECT_BYTES',
  maxDecodedBytes: 'LOADER_READ_MAX_DECODED_BYTES',
  maxListedObjects: 'LOADER_READ_MAX_LISTED_OBJECTS',
  maxValueBytes: 'LOADER_READ_MAX_VALUE_BYTES',
};

/**
 * Content in the destination over one of the bounds: permanent (reading it again finds the same
 * content) and abnormal, so the loader stops the job instead of retrying it (docs/reliability.md,
 * Poisoned jobs). The message names the object or folder and the bound, never more of the content.
 */
export function contentTooLarge(bound: keyof ReadBounds, limit: number, what: string, found?: string): DestinationError {
  const over = found ? `${found}, over` : 'over';
  return new DestinationError(
    'content_too_large',
    `${what} is ${over} the loader's bound of ${limit.toLocaleString('en-US')} (${SETTING[bound]}); ` +
      'the loader does not read it. Remove or rewrite it in the destination, or ask the operator to raise the bound.',
  );
}

/** The bounds with the caller's overrides. */
export function readBounds(overrides: Partial<ReadBounds> = {}): ReadBounds {
  return { ...DEFAULT_READ_BOUNDS, ...overrides };
}
