import type { CrmObjectType } from './hubspotCatalog';
import type { HubspotClient } from './hubspotClient';
import { readAssociationsOf, type RecordAssociations } from './backfill/associationBatches';
import { planPartitions, type HubspotPartition, type PartitionCursor } from './backfill/partitions';
import { PropertyNames } from './backfill/propertyDefinitions';
import { readPartition, type PartitionPage } from './backfill/readPartition';
import { readChanges, type ChangePage, type ChangeReadOptions } from './changes/readChanges';
import { sweepArchived, type ArchivePage } from './changes/sweepArchived';
import { sweepIds, type IdSweepPage } from './changes/sweepIds';

/**
 * Reads one portal: backfill partitions, changes, archive and id sweeps. Partitions and cursors
 * are JSON the engine stores and hands back without reading them. One reader per portal and
 * job: it remembers the portal's property names for its lifetime.
 */
export interface HubspotReader {
  planPartitions(): HubspotPartition[];
  readPartition(partition: HubspotPartition, cursor: PartitionCursor): Promise<PartitionPage>;
  readChanges(objectType: CrmObjectType, cursor: unknown, options: ChangeReadOptions): Promise<ChangePage>;
  sweepArchived(objectType: CrmObjectType, cursor: unknown, options: { lookbackMs: number; now?: () => number }): Promise<ArchivePage>;
  sweepIds(objectType: CrmObjectType, after: string | null, afterId: string | null): Promise<IdSweepPage>;
  /** The associations of changed records, so the engine can replace each record's set. */
  readAssociationsOf(from: CrmObjectType, to: CrmObjectType, ids: readonly string[]): Promise<RecordAssociations[]>;
}

export function createHubspotReader(client: HubspotClient): HubspotReader {
  const names = new PropertyNames(client);
  return {
    planPartitions,
    readPartition: (partition, cursor) => readPartition(client, names, partition, cursor),
    readChanges: (objectType, cursor, options) => readChanges(client, names, objectType, cursor, options),
    sweepArchived: (objectType, cursor, options) => sweepArchived(client, objectType, cursor, options),
    sweepIds: (objectType, after, afterId) => sweepIds(client, objectType, after, afterId),
    readAssociationsOf: (from, to, ids) => readAssociationsOf(client, from, to, ids),
  };
}
