import { Queue } from 'bullmq';
import { jobCatalog, type AnyCatalog, type RedisConnection } from '@datasync/queue';

/**
 * A BullMQ Queue for every queue of the job catalog, under the configured prefix: a queue added
 * to the catalog shows on the dashboard without a change here. They share the caller's
 * connection (which they never close); close them with `closeQueues` at shutdown. Not the
 * producer's queues (Producer.queue): bull-board keeps the queues it is given, and the producer
 * may replace one of its own after a Redis failure and close the old.
 */
export function catalogQueues(connection: RedisConnection, prefix: string, catalog: AnyCatalog = jobCatalog): Queue[] {
  return catalog.queues.map((name) => {
    const queue = new Queue(name, { connection, prefix });
    // Connection errors are the connection owner's to log; an unhandled 'error' would crash.
    queue.on('error', () => undefined);
    return queue;
  });
}

export async function closeQueues(queues: readonly Queue[]): Promise<void> {
  await Promise.all(queues.map((queue) => queue.close()));
}

/** The job names each queue carries, as the catalog declares them. */
export function jobNamesByQueue(catalog: AnyCatalog = jobCatalog): Map<string, string[]> {
  const names = new Map<string, string[]>(catalog.queues.map((queue) => [queue, []]));
  for (const [name, job] of Object.entries(catalog.jobs)) names.get(job.queue)?.push(name);
  return names;
}
