import { associationsBatchPath, type CrmObjectType } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import { HUBSPOT_LIMITS } from '../hubspotLimits';
import { associationRow, type AssociationJson, type HubspotRow } from '../hubspotRows';

interface BatchAnswer {
  results?: { from: { id: string }; to: AssociationJson[]; paging?: { next?: { after?: string } } }[];
}

/** The associations of some records, grouped by record, so a caller can replace each record's set. */
export interface RecordAssociations {
  fromId: string;
  rows: HubspotRow[];
}

/**
 * Associations v4 with their labels, read in batches of 100 records
 * (`POST /crm/v4/associations/{from}/{to}/batch/read`): search and lists do not return them
 * with labels. A record with none is answered as an error of the batch (207) and gets an empty
 * set; a record with more than a page of them is read on with its `after`.
 */
export async function readAssociationsOf(
  client: HubspotClient,
  from: CrmObjectType,
  to: CrmObjectType,
  ids: readonly string[],
): Promise<RecordAssociations[]> {
  const byId = new Map<string, HubspotRow[]>(ids.map((id) => [id, []]));
  for (let start = 0; start < ids.length; start += HUBSPOT_LIMITS.batchSize) {
    let inputs: { id: string; after?: string }[] = ids.slice(start, start + HUBSPOT_LIMITS.batchSize).map((id) => ({ id }));
    while (inputs.length > 0) {
      const { body } = await client.post<BatchAnswer>(associationsBatchPath(from, to), { inputs });
      const more: { id: string; after?: string }[] = [];
      for (const result of body.results ?? []) {
        const rows = byId.get(result.from.id);
        if (!rows) continue;
        for (const association of result.to) rows.push(associationRow(from, result.from.id, to, association));
        const after = result.paging?.next?.after;
        if (after) more.push({ id: result.from.id, after });
      }
      inputs = more;
    }
  }
  return [...byId].map(([fromId, rows]) => ({ fromId, rows }));
}
