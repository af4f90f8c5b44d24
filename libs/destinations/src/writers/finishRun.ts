import type { FinishRunOptions } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

export type { FinishRunOptions };

/**
 * Closes a completed backfill run of one table and account in the destination: blob storage
 * writes the run's manifest (the reader's signal that the run is whole); databases have nothing
 * to do. Idempotent; throws DestinationError.
 */
export async function finishRun(handle: DestinationHandle, options: FinishRunOptions): Promise<void> {
  if (handle.engine !== options.engine) throw new Error(`finishRun: a ${handle.engine} handle given for ${options.engine}`);
  return engineOf(handle).finishRun(handle, options);
}
