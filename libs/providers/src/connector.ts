import type { RequestPriority } from './budget/budgetShare';
import type { CatalogResource } from './catalog';

/** A provider object as listed or retrieved; `data` of its destination row. */
export type ProviderObject = Record<string, unknown> & { id: string; created?: number };

export interface VerifiedAccount {
  /** The provider's account id (`acct_…`): the account's external_id. */
  accountId: string;
  /** Business or display name, when the provider has one. */
  name: string | null;
  /**
   * Unix seconds, as the provider reports it. Not a bound of the account's data: a connected
   * account's `created` is when it was connected (see findOldestCreated).
   */
  created: number;
  /** The provider's mode of the credential (Stripe: live or test), for providers that have modes. */
  livemode?: boolean;
}

/** The provider account a reader acts for, as learned by verify(). */
export interface AccountRef {
  accountId: string;
  /** As verify() reported it; absent for providers without modes. */
  livemode?: boolean;
}

/**
 * What to do when the budget or the provider asks for a pause: wait in process ('wait'), or
 * throw ProviderRateLimitedError when the pause exceeds the bound, so a job can move itself to
 * delayed instead of holding a worker (docs/queues.md, Failures).
 */
export type RateLimitMode = 'wait' | 'throw';

export interface ReaderOptions {
  rateLimit?: RateLimitMode;
  /** Which lane the reader's requests spend from; default `backfill`, the lane that yields. */
  priority?: RequestPriority;
  /** The reading source's `rate_budget_percent`; absent: the whole of the configured limits. */
  sharePercent?: number;
}

export interface ListPagesOptions {
  /** Inclusive lower bound, unix seconds. */
  createdGte?: number;
  /** Exclusive upper bound, unix seconds. */
  createdLt?: number;
  /** Page size, 1–100. */
  limit?: number;
  /** Resume after this object (the previous page's lastId). */
  startingAfter?: string;
  /** Filters from the resource's listFilters (`customer`, …). */
  filters?: Readonly<Record<string, string>>;
  /** Read truncated embedded lists to their end (default); false for probes that only look at `created`. */
  completeLists?: boolean;
}

/**
 * Part of a read the provider refused while the rest could be read: its objects are missing from
 * the page, and the account's status shows why (docs/accounts-api.md, Status).
 */
export interface ProviderWarning {
  /** Stable, snake_case. */
  code: string;
  /** For a person: what is missing and what would fix it. Never a credential. */
  message: string;
}

export interface Page {
  /** Newest first, as the provider lists them. */
  objects: ProviderObject[];
  hasMore: boolean;
  /** The last (oldest) object's id: the cursor to resume after; null for an empty page. */
  lastId: string | null;
  /** The last object's `created`: where a `created` range being read can be split (stripe/backfill/createdRange.ts). */
  lastCreated: number | null;
  /** When the response arrived: the `_source_ts` of rows read from a list. */
  fetchedAt: Date;
  /** Set when objects that belong in this read were left out because the provider refused a side listing. */
  warnings?: ProviderWarning[];
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  /** The catalog resource the event is about, when it is one we load. */
  resource: string | null;
  /**
   * `data.object`'s id. Null for objects that have none (Stripe's `balance.available` carries a
   * Balance, `invoice.upcoming` an invoice not created yet): nothing in a table can hold them.
   */
  objectId: string | null;
  /** `data.object`: the object's state at the event. */
  object: Record<string, unknown>;
  /** The event announces that the object no longer exists at the provider. */
  deleted: boolean;
  /**
   * `data.object` is shaped like the objects the connector reads (its pinned API version). False
   * when the provider rendered it in another version (Stripe renders an event in the account's
   * default version at the time the event was created): its fields may be named otherwise.
   */
  pinnedShape: boolean;
}

export interface ListEventsOptions {
  /** Event id cursor: only events newer than it, walked oldest to newest. */
  after?: string;
  /** Without a cursor: events created at or after this time (unix seconds). */
  createdGte?: number;
  types?: readonly string[];
  limit?: number;
}

export interface EventPage {
  /** Oldest first when walking from a cursor (apply in this order); newest first otherwise. */
  events: ProviderEvent[];
  hasMore: boolean;
  /** The newest event id seen so far: the next `after` cursor (null while none was seen). */
  cursor: string | null;
  fetchedAt: Date;
}

/** Reads one provider account's data. Every request spends the account's shared budget. */
export interface AccountReader {
  readonly account: AccountRef;
  /**
   * One list page of a `created` range. The backfill reads through ProviderBackfill, which owns
   * how a provider's lists are walked; verification and the re-read window still list by `created`.
   */
  fetchPage(resource: string | CatalogResource, options: ListPagesOptions): Promise<Page>;
  /** Every page of a created range, newest first, until has_more is false. */
  listPages(resource: string | CatalogResource, options: ListPagesOptions): AsyncIterableIterator<Page>;
  /** The object, a `deleted: true` stub for deleted ones, or null when the provider does not know it. */
  retrieve(resource: string | CatalogResource, id: string): Promise<ProviderObject | null>;
  /**
   * The object with every embedded list the provider truncated (`has_more`) read to its end.
   * Pages and retrieves come completed; event payloads are completed with this before writing.
   */
  completeLists<T extends Record<string, unknown>>(object: T): Promise<T>;
  listEvents(options: ListEventsOptions): AsyncIterableIterator<EventPage>;
}

/** One HTTP attempt, for metrics: every retry is reported on its own. */
export interface RequestReport {
  endpoint: string;
  /** A list page (its time grows with the page), not a retrieve of one object. */
  list: boolean;
  outcome: 'ok' | 'rate_limited' | 'server_error' | 'network' | 'refused';
  durationMs: number;
}

export type RequestObserver = (report: RequestReport) => void;
