import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { redactAndCap, redactAndCapStack, type Logger } from '@datasync/logger';
import type { AnyCatalog, JobName, JobNameIn, PayloadOf, QueueName } from './defineCatalog';
import { CatalogError, InvalidJobPayloadError } from './errors';
import { validatePayload } from './jobPayload';
import { splitTraceContext } from './jobTrace';
import { withSpan } from '@datasync/tracing';
import type { RedisConnection } from './connection';

export interface JobContext<P> {
  job: Job<P>;
  /** The lock token, needed by job.moveToDelayed (see delayJob). */
  token: string | undefined;
  /** Carries the job's id and name; log through it. */
  logger: Logger;
}

/** Handlers must be idempotent: a job may run again after a crash or a retry. */
export type JobHandler<P> = (payload: P, context: JobContext<P>) => Promise<void>;

/** Exactly one handler per job of the queues a process runs: a missing one is a compile error. */
export type Handlers<C extends AnyCatalog, Q extends QueueName<C> = QueueName<C>> = {
  [N in JobNameIn<C, Q>]: JobHandler<PayloadOf<C, N>>;
};

export interface WorkersOptions<C extends AnyCatalog, Q extends QueueName<C>> {
  prefix: string;
  catalog: C;
  /** The queues this process runs; all of the catalog's when omitted. */
  queues?: readonly Q[];
  handlers: Handlers<C, NoInfer<Q>>;
  /** Jobs run at once per queue: one number for all, or per queue (default 1). */
  concurrency?: number | Partial<Record<Q, number>>;
  logger: Logger;
}

export interface Workers<Q extends string> {
  readonly workers: ReadonlyMap<Q, Worker>;
  /** Stops taking jobs and waits for the running ones to finish; the connection stays open. */
  close(): Promise<void>;
}

/**
 * One BullMQ Worker per queue, dispatching on the job name. Use a connection from
 * `createRedisConnection(config, { role: 'worker' })` (BullMQ refuses one with a retry limit).
 */
export function createWorkers<C extends AnyCatalog, Q extends QueueName<C> = QueueName<C>>(
  connection: RedisConnection,
  options: WorkersOptions<C, Q>,
): Workers<Q> {
  const { catalog, handlers, logger } = options;
  const queues = (options.queues ?? catalog.queues) as readonly Q[];
  checkHandlers(catalog, queues, handlers);

  // Each handler was typed against its own payload; the payload is validated before dispatch.
  const byName = handlers as unknown as Record<string, JobHandler<unknown>>;
  const workers = new Map<Q, Worker>();
  for (const queue of queues) {
    const concurrency = typeof options.concurrency === 'number' ? options.concurrency : (options.concurrency?.[queue] ?? 1);
    const worker = new Worker(queue, (job, token) => runJob(catalog, byName, logger, job, token), {
      connection,
      prefix: options.prefix,
      concurrency,
    });
    worker.on('error', (err) => logger.error('queue worker error', { queue, error: err.message }));
    worker.on('failed', (job, err) =>
      logger.warn('job failed', { queue, jobId: job?.id, jobName: job?.name, attemptsMade: job?.attemptsMade, error: err.message }),
    );
    workers.set(queue, worker);
  }

  return {
    workers,
    async close() {
      await Promise.all([...workers.values()].map((worker) => worker.close()));
    },
  };
}

async function runJob(
  catalog: AnyCatalog,
  handlers: Record<string, JobHandler<unknown>>,
  logger: Logger,
  job: Job,
  token: string | undefined,
): Promise<void> {
  try {
    await dispatch(catalog, handlers, logger, job, token);
  } catch (err) {
    throw redactedError(err);
  }
}

/**
 * BullMQ stores a failed job's message and stack in Redis (failedReason, stacktrace), where the
 * ops dashboard shows them: they are redacted and cut like a log line, since a driver's error can
 * carry a connection string and a provider's a key, and a destination's can be as long as its
 * server likes (a trigger's message of 300 KB, kept for every attempt). Changed in place, so the
 * error keeps its class (UnrecoverableError, DelayedError), which BullMQ acts on.
 */
function redactedError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  err.message = redactAndCap(err.message);
  if (err.stack) err.stack = redactAndCapStack(err.stack);
  return err;
}

async function dispatch(
  catalog: AnyCatalog,
  handlers: Record<string, JobHandler<unknown>>,
  logger: Logger,
  job: Job,
  token: string | undefined,
): Promise<void> {
  const handler = handlers[job.name];
  const jobLogger = logger.child({ jobId: job.id, jobName: job.name });
  if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
  const { payload: data, traceparent } = splitTraceContext(job.data);
  let payload: unknown;
  try {
    payload = validatePayload(catalog, job.name as JobName<AnyCatalog>, data);
  } catch (err) {
    // A payload that is invalid now stays invalid: retrying would only delay the failure.
    if (err instanceof InvalidJobPayloadError) throw new UnrecoverableError(err.message);
    throw err;
  }
  // The job's span continues the trace of whatever enqueued it (a request, another job).
  await withSpan(
    `job ${job.name}`,
    { kind: 'consumer', attributes: { 'messaging.destination.name': job.queueName }, ...(traceparent ? { traceparent } : {}) },
    () => handler(payload, { job, token, logger: jobLogger }),
  );
}

// The mapped type already demands every handler; this catches what a cast or a wider object
// could smuggle past it, before any job is taken.
function checkHandlers(catalog: AnyCatalog, queues: readonly string[], handlers: object): void {
  for (const queue of queues) {
    if (!catalog.queues.includes(queue)) throw new CatalogError(`unknown queue ${queue}`);
  }
  const expected = Object.entries(catalog.jobs)
    .filter(([, job]) => queues.includes(job.queue))
    .map(([name]) => name);
  const given = Object.keys(handlers);
  const missing = expected.filter((name) => !given.includes(name));
  const extra = given.filter((name) => !expected.includes(name));
  if (missing.length || extra.length) {
    throw new CatalogError(`handlers must match the jobs of ${queues.join(', ')}: missing [${missing}], unexpected [${extra}]`);
  }
}
