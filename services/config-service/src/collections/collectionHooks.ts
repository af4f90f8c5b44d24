import type { Collection } from './collections.repository';

/**
 * What happens after a mount commits. The loader issue implements `collectionMounted` by
 * enqueueing `collection.mounted` (libs/queue) so that accounts already attached to the sync's
 * source get the new table loaded. Until that job and its handler exist, nothing is enqueued:
 * a job enters the catalog only together with its handler (DESIGN §7). Unmounting needs no hook:
 * the loader reads `unmounted_at` at every page boundary.
 */
export interface CollectionHooks {
  collectionMounted(collection: Collection): Promise<void>;
}

export const noCollectionHooks: CollectionHooks = {
  collectionMounted: async () => undefined,
};
