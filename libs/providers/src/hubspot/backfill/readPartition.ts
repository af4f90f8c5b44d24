import { CRM_OBJECTS, OWNERS_PATH } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import { HUBSPOT_LIMITS } from '../hubspotLimits';
import { ownerRow, propertyRow, type HubspotRow, type OwnerJson } from '../hubspotRows';
import { crmObjectRow } from '../hubspotRows';
import { readAssociationsOf } from './associationBatches';
import { readObjectPage } from './objectPages';
import type { HubspotPartition, PartitionCursor } from './partitions';
import { listPropertyDefinitions, type PropertyNames } from './propertyDefinitions';

export interface PartitionPage {
  rows: HubspotRow[];
  /** Where the next page starts; null when the partition is read to its end. */
  nextCursor: PartitionCursor;
}

interface Paged<T> {
  results?: T[];
  paging?: { next?: { after?: string } };
}

const cursorOf = (after: string | null | undefined): PartitionCursor => (after ? { after } : null);

/** One page of a partition from its cursor (null: the first page). */
export async function readPartition(
  client: HubspotClient,
  names: PropertyNames,
  partition: HubspotPartition,
  cursor: PartitionCursor,
): Promise<PartitionPage> {
  const after = cursor?.after ?? null;
  switch (partition.resource) {
    case 'objects': {
      const resource = CRM_OBJECTS[partition.objectType];
      const page = await readObjectPage(client, resource, await names.of(partition.objectType), partition.archived, after);
      return { rows: page.records.map((record) => crmObjectRow(resource, record)), nextCursor: cursorOf(page.after) };
    }
    case 'associations': {
      // The from-side's ids in id order (one property: the page stays small), then their associations.
      const { body } = await client.get<Paged<{ id: string }>>(CRM_OBJECTS[partition.from].listPath, {
        limit: HUBSPOT_LIMITS.listPageSize,
        after: after ?? undefined,
        properties: ['hs_object_id'],
      });
      const ids = (body.results ?? []).map((r) => r.id);
      const grouped = await readAssociationsOf(client, partition.from, partition.to, ids);
      return { rows: grouped.flatMap((g) => g.rows), nextCursor: cursorOf(body.paging?.next?.after) };
    }
    case 'owners': {
      const { body } = await client.get<Paged<OwnerJson>>(OWNERS_PATH, {
        limit: HUBSPOT_LIMITS.listPageSize,
        after: after ?? undefined,
        archived: partition.archived ? 'true' : undefined,
      });
      return {
        rows: (body.results ?? []).map((o) => ownerRow({ ...o, archived: o.archived ?? partition.archived })),
        nextCursor: cursorOf(body.paging?.next?.after),
      };
    }
    case 'properties': {
      const definitions = await listPropertyDefinitions(client, partition.objectType);
      return { rows: definitions.map((d) => propertyRow(partition.objectType, d)), nextCursor: null };
    }
  }
}
