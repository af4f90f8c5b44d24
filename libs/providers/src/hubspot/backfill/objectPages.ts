import { HUBSPOT_LIMITS } from '../hubspotLimits';
import { buildUrl, type HubspotClient } from '../hubspotClient';
import type { CrmObjectResource } from '../hubspotCatalog';
import type { CrmRecordJson } from '../hubspotRows';

export interface ObjectPage {
  records: CrmRecordJson[];
  /** `paging.next.after` of the list, or null at its end. */
  after: string | null;
  /** How the properties were read: in the list's URL, or by a batch read when the URL would be too long. */
  via: 'list' | 'batch_read';
}

interface ListAnswer {
  results?: CrmRecordJson[];
  paging?: { next?: { after?: string } };
}

interface BatchAnswer {
  results?: CrmRecordJson[];
}

/**
 * One page of a type's records in id order (`GET /crm/v3/objects/{type}?limit=100&after=…`),
 * every property asked for. HubSpot answers only the properties named, and a portal's list
 * (custom properties included) can outgrow a URL; then the page lists ids only and reads the
 * records by `POST …/batch/read`, whose body has no such limit. Records gone between the two
 * calls (a batch answers them as errors, 207) are left out: the next change read reports them.
 */
export async function readObjectPage(
  client: HubspotClient,
  resource: CrmObjectResource,
  properties: readonly string[],
  archived: boolean,
  after: string | null,
): Promise<ObjectPage> {
  const query = { limit: HUBSPOT_LIMITS.listPageSize, after: after ?? undefined, archived: archived ? 'true' : undefined };
  const full = { ...query, properties };
  if (buildUrl(client.baseUrl, resource.listPath, full).length <= HUBSPOT_LIMITS.maxUrlLength) {
    const { body } = await client.get<ListAnswer>(resource.listPath, full);
    return { records: body.results ?? [], after: body.paging?.next?.after ?? null, via: 'list' };
  }
  const { body: ids } = await client.get<ListAnswer>(resource.listPath, { ...query, properties: ['hs_object_id'] });
  const listed = ids.results ?? [];
  const next = ids.paging?.next?.after ?? null;
  if (listed.length === 0) return { records: [], after: next, via: 'batch_read' };
  const { body } = await client.post<BatchAnswer>(
    `${resource.listPath}/batch/read`,
    { inputs: listed.map((r) => ({ id: r.id })), properties, propertiesWithHistory: [] },
    'standard',
    { archived: archived ? 'true' : undefined },
  );
  // A batch answers in no promised order; the partition's rows stay in id order.
  const records = [...(body.results ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
  return { records, after: next, via: 'batch_read' };
}
