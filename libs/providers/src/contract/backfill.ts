import type { CatalogResource } from '../catalog';
import type { AccountReader, ProviderObject, ProviderWarning } from '../connector';
import type { JsonValue } from './json';

// How a connector loads a resource's history (docs/providers.md, "Backfill"). The engine (the
// loader's runs and segments) stores every value named here as JSON and hands it back; it never
// looks inside, so a provider's way of walking its data (Stripe's `created` ranges read newest
// first, an id-ordered list, a bulk export) stays in that provider's folder.

/** A part of a resource's history that one reader walks on its own. Opaque to the engine. */
export type Partition = JsonValue;

/** Where the reading of a partition stands, after a batch committed in the destination. Opaque to the engine; never JSON `null`, which means "read to its end". */
export type PartitionCursor = JsonValue;

/**
 * The connector's own state of one run (what it learned while planning, such as where the
 * history begins). Stored with the run; handed back when planning, and to a later resync of the
 * same table so that it need not learn it again.
 */
export type RunPlan = JsonValue;

export interface BackfillStart {
  plan: RunPlan;
  /**
   * The one partition a run starts with: the whole history, so that its first page (the head
   * read, which the engine writes at once) is the first rows the account's user sees.
   */
  partition: Partition;
}

export interface StartOptions {
  /** When the run freezes its snapshot: what is created later is incremental sync's to load. */
  now: Date;
  /** The plan of the table's first run, when this run loads the table again (a resync). */
  previous?: RunPlan;
}

/** What the engine knows when it plans a run: its first partition after the head read. */
export interface PlanInput {
  plan: RunPlan;
  head: {
    partition: Partition;
    /** Null when the head read committed nothing. */
    cursor: PartitionCursor | null;
    /** Rows the head read wrote: how dense the newest data is. */
    rowsRead: number;
    /** The head read reached the partition's end: there is nothing left to plan. */
    done: boolean;
  };
  hints: PlanHints;
}

export interface PlanHints {
  /** The account's creation as the provider reported it (VerifiedAccount.created): a first guess only. */
  accountCreated?: number;
  /** What prefetchPlan returned for this run, when the engine sent it beside the head read. */
  prefetched?: Promise<unknown>;
  /** Rows per page the engine reads. */
  pageSize: number;
  /** Pages one partition should hold, about: more partitions read in parallel, fewer claim less. */
  pagesPerPartition: number;
  /** At most this many partitions in all. */
  maxPartitions: number;
}

export interface PartitionPlan {
  plan: RunPlan;
  /** The head partition from now on (it keeps its cursor, so it must still hold what is after it). */
  head: Partition;
  /** The rest, in the order they should be read; together with `head` they hold every object once. */
  others: Partition[];
  /**
   * Where the resource's history begins, in unix seconds, when the connector knows it. The engine
   * keeps it with the run for verification, which checks the history from there.
   */
  historyStart?: number;
  /** How the plan was made, for the log: request counts and the like. */
  notes?: Record<string, number>;
}

export interface PartitionPage {
  /** In the order the connector reads them; only objects of the partition it was read with. */
  objects: ProviderObject[];
  /** Where the next read goes on, or null: the partition is read. */
  nextCursor: PartitionCursor | null;
  /** When the response arrived: the `_source_ts` of its rows. */
  fetchedAt: Date;
  /** Objects of this read the provider refused to list, while the rest could be read. */
  warnings?: ProviderWarning[];
}

/** What comes of splitting a partition in flight: its reader keeps `keep`, a new reader takes `rest`. */
export interface PartitionSplit {
  keep: Partition;
  rest: Partition;
}

/**
 * The backfill half of a connector. `start`, `restrictPage`, `splitPartition` and
 * `splittableRows` are pure (no request), so the engine can call them inside its transactions;
 * `prefetchPlan`, `planPartitions` and `readPartition` read the provider through the account's reader.
 */
export interface ProviderBackfill {
  /** The first plan and partition of a new run. */
  start(resource: CatalogResource, options: StartOptions): BackfillStart;
  /**
   * The plan's first requests, sent beside the head read so that planning does not wait for
   * them after it (its result goes back in PlanHints.prefetched). Undefined when there are none.
   */
  prefetchPlan?(
    reader: AccountReader,
    resource: CatalogResource,
    plan: RunPlan,
    hints: Pick<PlanHints, 'accountCreated'>,
  ): Promise<unknown> | undefined;
  /** Splits what is left of the head partition after the head read into partitions read in parallel. */
  planPartitions(reader: AccountReader, resource: CatalogResource, input: PlanInput): Promise<PartitionPlan>;
  /** One page of a partition, from its start (cursor null) or from a cursor it returned. */
  readPartition(
    reader: AccountReader,
    resource: CatalogResource,
    partition: Partition,
    cursor: PartitionCursor | null,
    options: { limit: number },
  ): Promise<PartitionPage>;
  /**
   * A page read before its partition was split, as the kept partition sees it: the objects that
   * now belong to the other side are dropped, and the cursor is null when the page reached past
   * the kept partition's end. A page read with `partition` itself comes back unchanged.
   */
  restrictPage(partition: Partition, page: PartitionPage): PartitionPage;
  /**
   * Splits a partition whose reading stands at `cursor`, so that another reader takes part of
   * what is left: null when too little is left to split. The reader keeps reading `keep` from the
   * same cursor; `rest` is read from its start; no object is in both.
   */
  splitPartition(partition: Partition, cursor: PartitionCursor): PartitionSplit | null;
  /**
   * An estimate of the rows a split would hand to another reader, from what the reading so far
   * found (`rowsRead` rows up to `cursor`); 0 when the partition cannot be split. The engine asks
   * the partitions with the most for a split when the account's budget has room.
   */
  splittableRows(partition: Partition, cursor: PartitionCursor | null, rowsRead: number): number;
}
