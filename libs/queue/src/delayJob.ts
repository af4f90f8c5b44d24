import { DelayedError, type Job } from 'bullmq';

/**
 * Puts the running job back as delayed until `untilMs` (epoch ms) and ends this attempt without
 * counting it as a failure: for a provider 429, whose Retry-After concerns one account only.
 * Never `worker.rateLimit()` for that: it pauses the whole queue, so one throttled account would
 * stall every other account's jobs. Call it from a handler with the context's token; it never
 * returns, so `return delayJob(...)` or `await delayJob(...)` ends the handler.
 */
export async function delayJob(job: Job, token: string | undefined, untilMs: number): Promise<never> {
  if (!token) throw new Error('delayJob needs the lock token the worker passed to the handler');
  await job.moveToDelayed(untilMs, token);
  // BullMQ recognises this error and leaves the job where moveToDelayed put it.
  throw new DelayedError();
}
