import { CRM_OBJECTS, type CrmObjectType } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import { HUBSPOT_LIMITS } from '../hubspotLimits';

export interface IdSweepPage {
  /** Live ids of the page, in id order. */
  ids: string[];
  /**
   * The id range the page covers: every live record with an id after `afterId` (exclusive) and up
   * to `throughId` (inclusive; null: to the end) is in `ids`. A destination row in that range
   * whose id is missing was deleted at HubSpot without a trace: GDPR-deleted or merged away.
   */
  afterId: string | null;
  throughId: string | null;
  /** The list's `after` for the next page; null at the end. */
  next: string | null;
}

interface ListAnswer {
  results?: { id: string }[];
  paging?: { next?: { after?: string } };
}

/**
 * One page of a type's live ids for verification's id sweep. A GDPR delete removes a record
 * and its trace at once (no archive, no search hit), so comparing ids is the only way to find
 * it; merged-away ids also leave the list. Asks for one property, so pages stay small.
 */
export async function sweepIds(
  client: HubspotClient,
  objectType: CrmObjectType,
  after: string | null,
  afterId: string | null,
): Promise<IdSweepPage> {
  const { body } = await client.get<ListAnswer>(CRM_OBJECTS[objectType].listPath, {
    limit: HUBSPOT_LIMITS.listPageSize,
    after: after ?? undefined,
    properties: ['hs_object_id'],
  });
  const ids = (body.results ?? []).map((r) => r.id);
  const next = body.paging?.next?.after ?? null;
  return { ids, afterId, throughId: next === null ? null : (ids[ids.length - 1] ?? afterId), next };
}
