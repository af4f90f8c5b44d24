import type { JsonValue } from '../../contract/json';
import type { CreatedRange } from './createdRange';

// The JSON the Stripe connector hands the engine to store: its partitions are `created` ranges,
// its cursors the last object listed, its run plan the run's whole range. Stored rows come back
// from Postgres as parsed JSON, so every shape is checked on the way in: a row that does not fit
// is a bug or a hand edit, and reading it as if it fitted would skip or repeat objects.

/** A partition: `created` in [createdGte, createdLt), unix seconds. */
export interface StripePartition {
  createdGte: number;
  createdLt: number;
}

/**
 * Where a partition's reading stands: after the object `after` (a plain id, or `<clock>/<id>`
 * in a test clock's stream, see testClockListing.ts), created at `created` (null when the object
 * had none: the split and the re-read of a deleted cursor object then fall back to the range).
 */
export interface StripeCursor {
  after: string;
  created: number | null;
}

/** The run's range: where the history begins (narrowed to the oldest object's day once planned) and the frozen upper bound. */
export type StripePlan = StripePartition;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(what: string, value: unknown): Error {
  return new TypeError(`not a Stripe ${what}: ${JSON.stringify(value)}`);
}

export function toPartition(value: JsonValue | undefined): StripePartition {
  if (
    !isRecord(value) ||
    !Number.isSafeInteger(value.createdGte) ||
    !Number.isSafeInteger(value.createdLt) ||
    (value.createdGte as number) >= (value.createdLt as number)
  ) {
    throw invalid('partition', value);
  }
  return { createdGte: value.createdGte as number, createdLt: value.createdLt as number };
}

export function toCursor(value: JsonValue): StripeCursor {
  if (!isRecord(value) || typeof value.after !== 'string' || !(value.created === null || Number.isSafeInteger(value.created))) {
    throw invalid('cursor', value);
  }
  return { after: value.after, created: value.created as number | null };
}

export const toPlan = (value: JsonValue | undefined): StripePlan => toPartition(value);

export const partitionJson = (range: CreatedRange): StripePartition & { [key: string]: JsonValue } => ({
  createdGte: range.gte,
  createdLt: range.lt,
});

export const rangeOf = (partition: StripePartition): CreatedRange => ({ gte: partition.createdGte, lt: partition.createdLt });

export const cursorJson = (cursor: StripeCursor): StripeCursor & { [key: string]: JsonValue } => ({
  after: cursor.after,
  created: cursor.created,
});
