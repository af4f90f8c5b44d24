import type { CatalogResource } from '../../catalog';
import type { AccountReader, Page } from '../../connector';
import type { PartitionPage } from '../../contract/backfill';
import { ProviderRequestError } from '../../errors';
import { cursorJson, type StripeCursor, type StripePartition } from './stripePartition';

// Stripe refuses a starting_after whose object was deleted meanwhile.
function cursorGone(err: unknown, after: string): boolean {
  return (
    err instanceof ProviderRequestError &&
    (err.param === 'starting_after' || (err.code === 'resource_missing' && err.message.includes(after)))
  );
}

/**
 * One page of a `created` range, newest first, after the cursor's object. When that object was
 * deleted since (Stripe then refuses the cursor), the cursor's second is read again from its
 * start: the rows of that second already written are upserted again, none is skipped.
 */
export async function readCreatedRange(
  reader: AccountReader,
  resource: CatalogResource,
  partition: StripePartition,
  cursor: StripeCursor | null,
  limit: number,
): Promise<PartitionPage> {
  const range = { createdGte: partition.createdGte, createdLt: partition.createdLt, limit };
  let page: Page;
  if (cursor === null) {
    page = await reader.fetchPage(resource, range);
  } else {
    try {
      page = await reader.fetchPage(resource, { ...range, startingAfter: cursor.after });
    } catch (err) {
      if (!cursorGone(err, cursor.after) || cursor.created === null) throw err;
      page = await reader.fetchPage(resource, { ...range, createdLt: Math.min(range.createdLt, cursor.created + 1) });
    }
  }
  return {
    objects: page.objects,
    nextCursor: nextCursor(page, partition, cursor),
    fetchedAt: page.fetchedAt,
    ...(page.warnings ? { warnings: page.warnings } : {}),
  };
}

/** Null on the range's last page: the provider has nothing more, or the page reached below the range. */
function nextCursor(page: Page, partition: StripePartition, previous: StripeCursor | null) {
  if (!page.hasMore || page.lastId === null) return null;
  if (page.lastCreated !== null && page.lastCreated < partition.createdGte) return null;
  return cursorJson({ after: page.lastId, created: page.lastCreated ?? previous?.created ?? null });
}
