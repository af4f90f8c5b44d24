import type { CatalogResource } from '../catalog';
import type { AccountReader } from '../connector';
import type { Partition, PartitionCursor, PlanHints, ProviderBackfill } from '../contract/backfill';

export interface ContractReadOptions {
  limit: number;
  hints: Omit<PlanHints, 'pageSize'>;
  /**
   * Asked after every page read from a cursor: split the partition being read now? The page
   * just read is then handled as the engine handles a page fetched before its commit split the
   * partition: restricted to the part kept.
   */
  splitNow?: () => boolean;
}

export interface ContractRead {
  /** Every object id in the order read, duplicates included: the test compares it with the provider's list. */
  ids: string[];
  /** Partitions the plan made, head included. */
  planned: number;
  /** Splits made while reading. */
  splits: number;
}

/**
 * Walks a resource through a connector's backfill contract the way the loader does, in one
 * process and without storing anything: the run's start, one head page, the plan, then every
 * partition from its cursor to its end, splitting partitions in flight when asked. Partitions and
 * cursors go through a JSON round trip, as they do through the loader's jsonb columns.
 */
export async function readThroughContract(
  backfill: ProviderBackfill,
  reader: AccountReader,
  resource: CatalogResource,
  options: ContractReadOptions,
): Promise<ContractRead> {
  const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const ids: string[] = [];
  const start = stored(backfill.start(resource, { now: new Date() }));
  const head = await backfill.readPartition(reader, resource, start.partition, null, { limit: options.limit });
  ids.push(...head.objects.map((o) => o.id));
  const plan = stored(
    await backfill.planPartitions(reader, resource, {
      plan: start.plan,
      head: { partition: start.partition, cursor: head.nextCursor, rowsRead: head.objects.length, done: head.nextCursor === null },
      hints: { ...options.hints, pageSize: options.limit },
    }),
  );
  const queue: { partition: Partition; cursor: PartitionCursor | null }[] = [];
  if (head.nextCursor !== null) queue.push({ partition: plan.head, cursor: stored(head.nextCursor) });
  queue.push(...plan.others.map((partition) => ({ partition, cursor: null })));
  let splits = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    let { partition, cursor } = next;
    for (;;) {
      let page = await backfill.readPartition(reader, resource, partition, cursor, { limit: options.limit });
      if (cursor !== null && options.splitNow?.()) {
        const parts = stored(backfill.splitPartition(partition, cursor));
        if (parts) {
          splits += 1;
          partition = parts.keep;
          queue.push({ partition: parts.rest, cursor: null });
          page = backfill.restrictPage(partition, page);
        }
      }
      ids.push(...page.objects.map((o) => o.id));
      if (page.nextCursor === null) break;
      cursor = stored(page.nextCursor);
    }
  }
  return { ids, planned: plan.others.length + 1, splits };
}
