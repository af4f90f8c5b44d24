import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

/** Whether the table exists in `schema` (a collection whose mount failed has none); s3 folders always do. */
export async function tableExists(handle: DestinationHandle, schema: string, table: string): Promise<boolean> {
  return engineOf(handle).tableExists(handle, schema, table);
}
