import { jobCatalog } from './jobCatalog';
import type { RedisConnection } from './connection';

/**
 * Seconds the first job in line of each queue has waited: 0 for a queue with none waiting. Read
 * straight from BullMQ's keys, a few commands per queue, so it is cheap enough for every scrape.
 *
 * The job in line is the last of the `wait` list (BullMQ pushes on the left and takes from the
 * right) and, for jobs with a priority, the first of the `prioritized` set; the older of the two
 * counts. A job waits since it was added, or since its last attempt started when it has run
 * before (a retry, a 429's delay): BullMQ keeps no time for a delayed job's promotion, so such a
 * job's age includes its delay, which errs towards reporting a queue as slower than it is.
 */
export async function oldestWaitingSeconds<Q extends string = (typeof jobCatalog.queues)[number]>(
  connection: RedisConnection,
  prefix: string,
  queueNames: readonly Q[] = jobCatalog.queues as readonly string[] as readonly Q[],
  now: number = Date.now(),
): Promise<Record<Q, number>> {
  const entries = await Promise.all(
    queueNames.map(async (name) => {
      const key = `${prefix}:${name}`;
      const [fifo, prioritized] = await Promise.all([connection.lindex(`${key}:wait`, -1), connection.zrange(`${key}:prioritized`, 0, 0)]);
      const ids = [fifo, prioritized[0]].filter((id): id is string => typeof id === 'string');
      const since = await Promise.all(ids.map((id) => waitingSince(connection, `${key}:${id}`)));
      const oldest = Math.min(...since.filter((ms): ms is number => ms !== undefined));
      return [name, Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Q, number>;
}

/** Epoch ms since which a job waits; undefined when it has just left the queue. */
async function waitingSince(connection: RedisConnection, jobKey: string): Promise<number | undefined> {
  const [timestamp, processedOn] = await connection.hmget(jobKey, 'timestamp', 'processedOn');
  if (timestamp === null || timestamp === undefined) return undefined;
  return Math.max(Number(timestamp), Number(processedOn ?? 0));
}
