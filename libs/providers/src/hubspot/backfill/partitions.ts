import { ASSOCIATION_PAIRS, crmObjectTypes, type CrmObjectType } from '../hubspotCatalog';

/**
 * A unit of backfill: opaque JSON to the engine, read page by page. One per object type and
 * archived flag (HubSpot lists live and archived records separately, each in id order), one per
 * association pair, owners live and archived, and the property definitions of each type.
 *
 * Not id ranges: the list's `after` is an opaque cursor and its filters cannot bound ids; search
 * could, but it allows 5 requests a second, caps at 10,000 results and lags writes. A type's
 * list at 100 records a request within the ten-second window is the fastest read HubSpot offers.
 */
export type HubspotPartition =
  | { resource: 'objects'; objectType: CrmObjectType; archived: boolean }
  | { resource: 'associations'; from: CrmObjectType; to: CrmObjectType }
  | { resource: 'owners'; archived: boolean }
  | { resource: 'properties'; objectType: CrmObjectType };

/** Where a partition's read stands: the list's `after`; null before the first page. */
export type PartitionCursor = { after: string } | null;

export function planPartitions(): HubspotPartition[] {
  return [
    ...crmObjectTypes.map((objectType) => ({ resource: 'properties' as const, objectType })),
    ...crmObjectTypes.flatMap((objectType) => [false, true].map((archived) => ({ resource: 'objects' as const, objectType, archived }))),
    ...ASSOCIATION_PAIRS.map(([from, to]) => ({ resource: 'associations' as const, from, to })),
    { resource: 'owners', archived: false },
    { resource: 'owners', archived: true },
  ];
}

/** A partition's name for logs and job ids. */
export function partitionKey(partition: HubspotPartition): string {
  switch (partition.resource) {
    case 'objects':
      return `objects:${partition.objectType}${partition.archived ? ':archived' : ''}`;
    case 'associations':
      return `associations:${partition.from}:${partition.to}`;
    case 'owners':
      return `owners${partition.archived ? ':archived' : ''}`;
    case 'properties':
      return `properties:${partition.objectType}`;
  }
}
