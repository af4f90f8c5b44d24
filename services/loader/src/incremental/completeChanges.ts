import type { AccountReader } from '@datasync/providers';
import type { ObjectChange } from './changeSet';

/**
 * The changes with every embedded list an event carried truncated (an invoice's `lines` beyond
 * the first 10) read to its end, so a row written from an event is as whole as one from a list.
 * Only truncated lists cost requests; deleted objects are written as they are.
 */
export async function completeChanges(reader: AccountReader, changes: readonly ObjectChange[]): Promise<ObjectChange[]> {
  const out: ObjectChange[] = [];
  for (const change of changes) out.push(change.deleted ? change : { ...change, object: await reader.completeLists(change.object) });
  return out;
}
