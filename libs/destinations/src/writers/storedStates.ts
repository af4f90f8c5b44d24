import type { CreatedWindowOptions, StoredState, StoredStatesOptions } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

export type { CreatedWindowOptions, StoredState, StoredStatesOptions };

/**
 * The newest stored state of each of the account's objects that has one, by id: what a
 * verification compares with the provider's listing of the same objects.
 */
export async function readStoredStates(handle: DestinationHandle, options: StoredStatesOptions): Promise<Map<string, StoredState>> {
  return engineOf(handle).readStoredStates(handle, options);
}

/**
 * The `_source_ts` (epoch ms) of the account's objects created in the window whose newest state
 * is live: the provider should list every one of them there.
 */
export async function readLiveInWindow(handle: DestinationHandle, options: CreatedWindowOptions): Promise<Map<string, number>> {
  return engineOf(handle).readLiveInWindow(handle, options);
}
