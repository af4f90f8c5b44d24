import type { JobState } from 'bullmq';
import { jobCatalog, type JobCatalog, type JobName, type PayloadOf, type Producer, type QueueName } from '@datasync/queue';

type Name = JobName<JobCatalog>;

/** A job is still on its way: waiting, delayed or running. */
const LIVE_STATES = new Set<JobState | 'unknown'>(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * The loader's look into its own queues, beside the producer: whether a job still exists, and
 * enqueuing work again whose earlier job failed (a failed job keeps its id, which would absorb the
 * new enqueue). It reads the producer's own queues: give the producer a producer-role connection,
 * so that a Redis outage fails these calls quickly.
 */
export class JobQueues {
  constructor(private readonly producer: Producer<JobCatalog>) {}

  jobId<N extends Name>(name: N, payload: PayloadOf<JobCatalog, N>): string {
    return jobCatalog.jobs[name].jobId(payload as never);
  }

  /** True when the job is waiting, delayed or running. */
  async isLive<N extends Name>(name: N, payload: PayloadOf<JobCatalog, N>): Promise<boolean> {
    return LIVE_STATES.has(await this.state(name, payload));
  }

  /** BullMQ's state of the job ('unknown' when there is none). */
  async state<N extends Name>(name: N, payload: PayloadOf<JobCatalog, N>): Promise<JobState | 'unknown'> {
    return (await this.queue(jobCatalog.jobs[name].queue)).getJobState(this.jobId(name, payload));
  }

  /**
   * Enqueues the job; a finished (failed or completed) job under the same id is removed first, and
   * so is what is left of a job in no state at all: after Redis lost its data, a worker finishing
   * a job it held can leave part of the job's hash behind, and BullMQ ignores an add whose id
   * has a hash, so the job would never run again.
   */
  async enqueueAgain<N extends Name>(name: N, payload: PayloadOf<JobCatalog, N>, options?: { priority?: number }): Promise<void> {
    const queue = await this.queue(jobCatalog.jobs[name].queue);
    const id = this.jobId(name, payload);
    const state = await queue.getJobState(id);
    if (state === 'failed' || state === 'completed') await queue.remove(id);
    // A job enqueued and taken by a worker since the state was read is locked: it stays.
    if (state === 'unknown') await queue.remove(id).catch(() => undefined);
    await this.producer.enqueue(name, payload, options);
  }

  /** Jobs of the queue waiting for a worker slot (every slot of every loader is busy while any do). */
  async waiting(name: QueueName<JobCatalog>): Promise<number> {
    return (await this.queue(name)).getJobCountByTypes('wait', 'prioritized');
  }

  /** The ids of a queue's job schedulers (the reconciler compares them with the accounts). */
  async schedulerIds(name: QueueName<JobCatalog>): Promise<string[]> {
    const schedulers = await (await this.queue(name)).getJobSchedulers(0, -1);
    return schedulers.map((s) => s.key);
  }

  /** Whether the job scheduler `producer.schedule` creates for this payload exists. */
  async hasScheduler<N extends Name>(name: N, payload: PayloadOf<JobCatalog, N>): Promise<boolean> {
    return (await (await this.queue(jobCatalog.jobs[name].queue)).getJobScheduler(this.jobId(name, payload))) !== undefined;
  }

  // Initialised first: see Producer.readyQueue.
  private queue(name: QueueName<JobCatalog>) {
    return this.producer.readyQueue(name);
  }
}
