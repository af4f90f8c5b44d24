import { Queue } from 'bullmq';
import type { AnyCatalog, JobName, PayloadOf, QueueName } from './defineCatalog';
import { PRODUCER_COMMAND_TIMEOUT_MS, waitForReady, type RedisConnection } from './connection';
import { QueueUnavailableError } from './errors';
import { deriveJobId, validatePayload } from './jobPayload';
import { withTraceContext } from './jobTrace';

export interface ProducerOptions<C extends AnyCatalog> {
  prefix: string;
  catalog: C;
  /** How long an enqueue waits for a (re)connecting Redis before failing; keep it short in request paths. */
  readyTimeoutMs?: number;
}

/** What a caller may vary per enqueue; the id and retry policy come from the catalog only. */
export interface EnqueueOptions {
  delay?: number;
  priority?: number;
}

export interface Producer<C extends AnyCatalog> {
  /**
   * Validates the payload, then adds the job under its deterministic id. A job with that id
   * still in the queue absorbs the call (nothing new is added). Throws InvalidJobPayloadError
   * (nothing enqueued) or QueueUnavailableError (Redis unreachable within the bound).
   */
  enqueue<N extends JobName<C>>(name: N, payload: PayloadOf<C, N>, options?: EnqueueOptions): Promise<{ id: string }>;
  /** Creates or replaces a job scheduler (id = the job's deterministic id) that adds the job every `everyMs`. */
  schedule<N extends JobName<C>>(name: N, payload: PayloadOf<C, N>, repeat: { everyMs: number }): Promise<{ id: string }>;
  /** Removes the scheduler `schedule` created for this payload; false when there was none. */
  unschedule<N extends JobName<C>>(name: N, payload: PayloadOf<C, N>): Promise<boolean>;
  /**
   * The BullMQ queue this producer adds that queue's jobs to, for reading job states and
   * schedulers. The producer owns it: it rebuilds it after a Redis failure and closes it in
   * close(), so ask for it at each use rather than keep it.
   */
  queue(name: QueueName<C>): Queue;
  /**
   * `queue(name)` once its connection is initialised; fails with QueueUnavailableError (and the
   * queue is rebuilt next time) otherwise. Use it before a job scheduler call: BullMQ reaches
   * the scheduler through a promise executor that awaits the connection, so a connection that
   * failed to initialise there becomes an unhandled rejection, which ends the process.
   */
  readyQueue(name: QueueName<C>): Promise<Queue>;
  /** Closes the queues; the connection stays open (its creator closes it). */
  close(): Promise<void>;
}

/** Use a connection from `createRedisConnection(config, { role: 'producer' })` so failures are quick. */
export function createProducer<C extends AnyCatalog>(connection: RedisConnection, options: ProducerOptions<C>): Producer<C> {
  const { catalog, prefix } = options;
  const readyTimeoutMs = options.readyTimeoutMs ?? PRODUCER_COMMAND_TIMEOUT_MS;
  const queues = new Map<QueueName<C>, Queue>();

  const queueFor = (name: QueueName<C>): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      // Connection errors surface through the calls that hit them; the queue's copy is noise.
      queue.on('error', () => undefined);
      queues.set(name, queue);
    }
    return queue;
  };

  // A Queue remembers a failed initialisation forever, so one that failed while Redis was down
  // is dropped and rebuilt on the next call.
  const forget = (name: QueueName<C>): void => {
    const queue = queues.get(name);
    queues.delete(name);
    void queue?.close().catch(() => undefined);
  };

  const withRedis = async <T>(queueName: QueueName<C>, action: (queue: Queue) => Promise<T>): Promise<T> => {
    if (!(await waitForReady(connection, readyTimeoutMs))) {
      throw new QueueUnavailableError(`redis not ready within ${readyTimeoutMs} ms`);
    }
    try {
      return await action(queueFor(queueName));
    } catch (err) {
      if (connection.status === 'ready' && !isTimeout(err)) throw err;
      forget(queueName);
      throw new QueueUnavailableError('redis unavailable while enqueuing', { cause: err });
    }
  };

  return {
    async enqueue(name, payload, enqueueOptions = {}) {
      const valid = validatePayload(catalog, name, payload);
      const id = deriveJobId(catalog, name, valid);
      const job = catalog.jobs[name]!;
      const jobOptions = catalog.jobOptions[name]!;
      // The trace context travels beside the payload (jobTrace.ts), never in it: the id is the payload's.
      await withRedis(job.queue, (queue) => queue.add(name, withTraceContext(valid), { ...jobOptions, ...enqueueOptions, jobId: id }));
      return { id };
    },

    async schedule(name, payload, repeat) {
      const valid = validatePayload(catalog, name, payload);
      const id = deriveJobId(catalog, name, valid);
      const job = catalog.jobs[name]!;
      const jobOptions = catalog.jobOptions[name]!;
      await withRedis(job.queue, async (queue) => {
        await queue.waitUntilReady();
        return queue.upsertJobScheduler(id, { every: repeat.everyMs }, { name, data: valid, opts: jobOptions });
      });
      return { id };
    },

    async unschedule(name, payload) {
      const id = deriveJobId(catalog, name, validatePayload(catalog, name, payload));
      return withRedis(catalog.jobs[name]!.queue, async (queue) => {
        await queue.waitUntilReady();
        return queue.removeJobScheduler(id);
      });
    },

    queue: queueFor,

    readyQueue: (name) =>
      withRedis(name, async (queue) => {
        await queue.waitUntilReady();
        return queue;
      }),

    async close() {
      const open = [...queues.values()];
      queues.clear();
      await Promise.all(open.map((queue) => queue.close()));
    },
  };
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && /timed out/i.test(err.message);
}
