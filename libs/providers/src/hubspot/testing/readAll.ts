import type { HubspotPartition, PartitionCursor } from '../backfill/partitions';
import type { HubspotReader } from '../hubspotReader';
import type { HubspotRow } from '../hubspotRows';

/** Reads a partition to its end, the cursor passed through JSON as the engine would store it. */
export async function readWholePartition(reader: HubspotReader, partition: HubspotPartition): Promise<HubspotRow[]> {
  const rows: HubspotRow[] = [];
  let cursor: PartitionCursor = null;
  for (;;) {
    const page = await reader.readPartition(JSON.parse(JSON.stringify(partition)) as HubspotPartition, cursor);
    rows.push(...page.rows);
    if (page.nextCursor === null) return rows;
    cursor = JSON.parse(JSON.stringify(page.nextCursor)) as PartitionCursor;
  }
}
