import type { ColumnType } from '@datasync/destinations';

// The value kinds are the destinations' neutral column types: the catalog says what a field is,
// each destination engine decides how it stores it.
export type { ColumnType };

/** A well-known field of a provider object, copied into its own column next to `data`. */
export interface CatalogColumn {
  name: string;
  type: ColumnType;
  /**
   * Dotted path into the provider object (`amount`, `billing_details.email`). For expandable
   * references (`customer`) the value is the id whether or not the object was expanded.
   */
  path: string;
  description?: string;
}

export interface CatalogResource {
  provider: ProviderName;
  /** Collection name in the dashboard and API (`charges`). */
  name: string;
  /** Human label for the dashboard dropdown (`Charges`). */
  label: string;
  /** The provider object's `object` field (`charge`): how events and list items name it. */
  object: string;
  /** List path; retrieve is `${endpoint}/${id}`. */
  endpoint: string;
  /** Destination table: `<provider>_<resource>`. */
  table: string;
  /** Prefix of generated ids (`ch` in `ch_…`). */
  idPrefix: string;
  columns: readonly CatalogColumn[];
  /** Every event type whose `data.object` is this resource. Empty: the provider emits none. */
  eventTypes: readonly string[];
  /** The event type announcing that the object no longer exists (soft delete in the destination). */
  deletedEventType?: string;
  /** List filters the provider supports besides pagination and `created`. */
  listFilters: readonly string[];
  /**
   * Query parameters a full read must always send, because the provider's list default hides
   * objects (Stripe lists subscriptions without canceled ones unless `status=all`).
   */
  fullListParams?: Readonly<Record<string, string>>;
  /** The provider can delete objects of this resource (retrieve then answers `deleted: true`). */
  deletable?: boolean;
  /**
   * How incremental sync learns of changes and deletions after the backfill. `events` (the
   * default): from the provider's events (`eventTypes`, deletions by `deletedEventType`).
   * `reread`: the provider sends no events for the resource, so the objects created within
   * `reread.windowSeconds` are listed again every `reread.intervalSeconds`; a change to an older
   * object, or a deletion, is not seen (the resource must be one whose objects settle, like
   * balance transactions, which Stripe never deletes).
   */
  changeDetection?: ChangeDetection;
}

export type ChangeDetection = { kind: 'events' } | { kind: 'reread'; windowSeconds: number; intervalSeconds: number };

/** The resource's change detection, `events` unless the catalog says otherwise. */
export function changeDetectionOf(resource: CatalogResource): ChangeDetection {
  return resource.changeDetection ?? { kind: 'events' };
}

export interface ProviderCatalog {
  name: ProviderName;
  label: string;
  resources: readonly CatalogResource[];
}

export const providerNames = ['stripe'] as const;
export type ProviderName = (typeof providerNames)[number];
