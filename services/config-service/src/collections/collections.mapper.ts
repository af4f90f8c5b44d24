import type { CollectionDetail } from './collections.service';
import type { Collection } from './collections.repository';

export function toCollectionSummaryJson(collection: Collection) {
  return {
    id: collection.id,
    resource_type: collection.resourceType,
    table_name: collection.tableName,
    status: collection.unmountedAt === null ? ('mounted' as const) : ('unmounted' as const),
    mounted_at: collection.mountedAt.toISOString(),
    unmounted_at: collection.unmountedAt?.toISOString() ?? null,
    created_at: collection.createdAt.toISOString(),
  };
}

export function toCollectionJson(detail: CollectionDetail) {
  return {
    ...toCollectionSummaryJson(detail.collection),
    label: detail.label,
    sync: detail.sync.name,
    destination: { name: detail.sync.destinationName, engine: detail.sync.destinationEngine },
    primary_key: [...detail.primaryKey],
    columns: detail.columns.map((c) => ({ name: c.name, type: c.sqlType, nullable: c.nullable })),
  };
}
