import type { CatalogResource } from '../catalog';
import type { AccountReader, ProviderObject } from '../connector';
import type { JsonValue } from './json';
import type { RunPlan } from './backfill';

// How a connector reads what changed in an account after a backfill froze its snapshot
// (docs/providers.md, "Changes"). Like a partition's cursor, the change cursor is JSON the engine
// stores with the table and hands back; it never looks inside, so a provider's way of telling
// changes (Stripe's events walked oldest first with a look-back window, a `modified since` filter,
// a changes feed) stays in that provider's folder.

/** Where a table stands in its account's changes. Opaque to the engine; never JSON `null`. */
export type ChangeCursor = JsonValue;

export interface ChangeStartOptions {
  /**
   * When the run that loaded the table froze its snapshot (its upper bound): every change after
   * it must come out of the changes; a few before it may come again (they are applied idempotently).
   */
  frozenAt: Date;
  /** The run's plan (contract/backfill.ts), for a connector that learned there where its changes begin. */
  plan?: RunPlan;
}

/** What the changes say about one object: its latest state they show. */
export interface ObjectChange {
  /** A catalog resource's name: one of those the changes were read for. */
  resource: string;
  id: string;
  /** The object's state; for a deletion, what the provider last said of it. */
  object: ProviderObject;
  /** The object no longer exists at the provider: its row is marked `_deleted`. */
  deleted: boolean;
  /** When the provider says the object was in this state: the `_source_ts` of a row written from it. */
  sourceTs: Date;
  /**
   * How coarse the provider's clock is: the change happened within `[sourceTs, sourceTs +
   * precisionMs)`. A row read within that span may be older or newer than the change.
   */
  precisionMs: number;
  /**
   * Other changes of the object fall within the same span: which of them is the latest cannot be
   * told from the changes alone, so only a fresh read (AccountReader.retrieve) settles the row.
   */
  ambiguous: boolean;
  /**
   * `object` cannot be written as it is (Stripe: rendered in another API version than the one the
   * connector reads in): a fresh read gives the row, unless the table already holds a later state.
   */
  readAgain: boolean;
}

/** Something the changes carried that no table can hold, counted by the engine and skipped. */
export interface IgnoredChange {
  /** Stable within the provider, so that the engine counts a change once across walks. */
  key: string;
  /** A bounded label for metrics: `no_object_id`, `unknown_type` or `not_requested`. */
  reason: IgnoreReason;
  /** The catalog resource it is about, when it is one (`not_requested`: another table may load it). */
  resource?: string;
}

export type IgnoreReason = 'no_object_id' | 'unknown_type' | 'not_requested';

export interface ChangePage {
  /**
   * At most one change per (resource, id), in any order: the engine writes each guarded by
   * `_source_ts`, so the order within a page does not matter, and a change read twice is harmless.
   */
  changes: ObjectChange[];
  ignored: IgnoredChange[];
  /** How many raw changes (Stripe: events) the page read that were not read before. */
  read: number;
  /**
   * Where the next read goes on, once this page's changes are committed in the destination. May
   * equal the cursor the page was read from (a walk that can only move on at its end).
   */
  cursor: ChangeCursor;
  /** More pages follow right away. When false, the changes visible now are read. */
  hasMore: boolean;
  /** When the page's last response arrived. */
  fetchedAt: Date;
}

export interface ReadChangesOptions {
  /** The resources whose changes are wanted (one or several tables at the same cursor). */
  resources: readonly CatalogResource[];
  /** Raw changes per request. */
  limit?: number;
}

/**
 * The changes half of a connector. `start` is pure (no request); `readChanges` reads the provider
 * through the account's reader. The engine applies each page, commits it together with the page's
 * cursor, and may stop between pages (a poll's time slice is spent): the next poll reads on from
 * the last committed cursor.
 */
export interface ProviderChanges {
  /** The cursor a table starts its changes from once a run (a first backfill, a resync) loaded it. */
  start(options: ChangeStartOptions): ChangeCursor;
  /**
   * Whether a read from `cursor` that finds no new change would leave the cursor as it is (pure,
   * no request). When true, an engine may check for changes without preparing to write (a quiet
   * poll: one request, nothing stored); when false, the read has work to do anyway (Stripe: the
   * look-back window behind the newest event is due to be read again).
   */
  settled(cursor: ChangeCursor, now: Date): boolean;
  /**
   * The changes after `cursor`, page by page. Throws ChangeCursorExpiredError (a subclass) when the
   * provider no longer keeps the changes the cursor points at: the table needs a resync.
   */
  readChanges(reader: AccountReader, cursor: ChangeCursor, options: ReadChangesOptions): AsyncIterableIterator<ChangePage>;
}
