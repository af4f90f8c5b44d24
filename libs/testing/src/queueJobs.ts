import { randomUUID } from 'node:crypto';
import { Worker, type ConnectionOptions, type Job, type Queue } from 'bullmq';
import { testRedisUrl } from './config';

export type SettledState = 'failed' | 'completed';

/**
 * Adds a job and settles it the way a worker would (taken, then failed with `error` or
 * completed), with no handler running: a queue with jobs in known states for the dashboard
 * tests. Call it while the queue has no other waiting job, since a worker takes the oldest.
 * `connection` is where the queue is (a worker's: no retry limit), the test Redis by default.
 */
export async function addSettledJob(
  queue: Queue,
  job: { name: string; data: object; jobId: string },
  outcome: { state: SettledState; error?: string },
  connection: ConnectionOptions = { url: testRedisUrl(), maxRetriesPerRequest: null },
): Promise<Job> {
  await queue.add(job.name, job.data, { jobId: job.jobId, attempts: 1 });
  const worker = new Worker(queue.name, null, {
    connection,
    prefix: queue.opts.prefix,
    autorun: false,
  });
  try {
    const token = randomUUID();
    const taken = await worker.getNextJob(token, { block: false });
    if (taken?.id !== job.jobId) throw new Error(`expected to take job ${job.jobId}, took ${taken?.id ?? 'none'}`);
    if (outcome.state === 'failed') await taken.moveToFailed(new Error(outcome.error ?? 'failed in a test'), token, false);
    else await taken.moveToCompleted(null, token, false);
    return taken;
  } finally {
    await worker.close();
  }
}
