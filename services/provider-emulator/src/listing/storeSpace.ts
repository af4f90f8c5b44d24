import type { ResourceStore } from '../state/resourceStore';
import type { IndexedSpace } from './paginate';

/** A resource store as a listable space: deleted objects are not listed. */
export function storeSpace(store: ResourceStore): IndexedSpace {
  return {
    get size() {
      return store.size;
    },
    createdAt: (index) => store.createdAt(index),
    isListed: (index) => !store.isDeleted(index),
  };
}
