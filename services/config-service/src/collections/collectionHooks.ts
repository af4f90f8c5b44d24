import type { Logger } from '@datasync/logger';
import type { JobCatalog, Producer } from '@datasync/queue';
import type { Collection } from './collections.repository';

/**
 * What happens after a mount commits: `collection.mounted` is enqueued so that accounts already
 * attached to the sync's source get the new table loaded. Unmounting needs no hook: the loader
 * reads `unmounted_at` at every batch boundary.
 */
export interface CollectionHooks {
  collectionMounted(collection: Collection): Promise<void>;
}

export const noCollectionHooks: CollectionHooks = {
  collectionMounted: async () => undefined,
};

/**
 * Enqueues `collection.mounted`. The mount has committed and its table exists, so no enqueue
 * failure may fail it: with Redis away, the loader's reconciler finds the mounted collection
 * without a run for each account and starts those loads.
 */
export function enqueueingCollectionHooks(producer: Producer<JobCatalog>, logger: Logger): CollectionHooks {
  return {
    async collectionMounted(collection) {
      try {
        await producer.enqueue('collection.mounted', { collectionId: collection.id });
      } catch (err) {
        logger.warn('collection.mounted not enqueued; the loader reconciler will start the loads', {
          collectionId: collection.id,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    },
  };
}
