import { Queue } from 'bullmq';
import { jobCatalog } from './jobCatalog';
import type { RedisConnection } from './connection';

export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Job counts per queue, for metrics and autoscaling on queue depth. Reads the production
 * catalog's queues unless others are named.
 */
export async function queueDepths<Q extends string = (typeof jobCatalog.queues)[number]>(
  connection: RedisConnection,
  prefix: string,
  queueNames: readonly Q[] = jobCatalog.queues as readonly string[] as readonly Q[],
): Promise<Record<Q, QueueDepth>> {
  const entries = await Promise.all(
    queueNames.map(async (name) => {
      const queue = new Queue(name, { connection, prefix });
      queue.on('error', () => undefined);
      try {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
        const depth: QueueDepth = {
          waiting: counts.waiting ?? 0,
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
        };
        return [name, depth] as const;
      } finally {
        await queue.close();
      }
    }),
  );
  return Object.fromEntries(entries) as Record<Q, QueueDepth>;
}
