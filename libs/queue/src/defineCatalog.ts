import type Joi from 'joi';
import { CatalogError } from './errors';

/** The retry and retention options every job carries (STYLE "Queues"). */
export interface JobOptions {
  attempts: number;
  backoff: { type: 'exponential'; delay: number };
  removeOnComplete: { count: number };
  /** Larger than removeOnComplete: failed jobs are kept for inspection. */
  removeOnFail: { count: number };
  /** BullMQ priority: a larger number runs later, and jobs without one run before any that has one. */
  priority?: number;
}

// Four retries over about 15 s (1+2+4+8 s) before a job is left failed for inspection.
export const defaultJobOptions: Readonly<JobOptions> = Object.freeze({
  attempts: 5,
  backoff: Object.freeze({ type: 'exponential' as const, delay: 1_000 }),
  removeOnComplete: Object.freeze({ count: 1_000 }),
  removeOnFail: Object.freeze({ count: 10_000 }),
});

/**
 * One job: the queue it lives in, the schema of its payload (ids only, never secrets or
 * provider data) and how its id derives from the payload. Declare the schema as
 * `Joi.object<Payload, true>({...})` so its keys are checked against the payload type.
 */
export interface JobDefinition<Q extends string, P extends object> {
  queue: Q;
  schema: Joi.ObjectSchema<P>;
  /**
   * Deterministic, so enqueuing the same work twice adds one job. Never ':' (BullMQ's key
   * separator); include the run id where there is one (`segment-<runId>-<n>`).
   */
  jobId: (payload: P) => string;
  options?: Partial<JobOptions>;
}

// `any` only where a catalog of unknown jobs is accepted; every concrete catalog is fully typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyJobDefinition<Q extends string = string> = JobDefinition<Q, any>;

export interface Catalog<Q extends string, J extends Record<string, AnyJobDefinition<Q>>> {
  readonly queues: readonly Q[];
  readonly jobs: Readonly<J>;
  /** Each job's options: the catalog's defaults overridden by the job's own. */
  readonly jobOptions: { readonly [N in keyof J]: Readonly<JobOptions> };
}

export type AnyCatalog = Catalog<string, Record<string, AnyJobDefinition>>;
export type QueueName<C extends AnyCatalog> = C['queues'][number];
export type JobName<C extends AnyCatalog> = keyof C['jobs'] & string;
export type PayloadOf<C extends AnyCatalog, N extends JobName<C>> = C['jobs'][N] extends JobDefinition<string, infer P> ? P : never;
/** The job names living in the queues Q. */
export type JobNameIn<C extends AnyCatalog, Q extends string> = {
  [N in JobName<C>]: C['jobs'][N]['queue'] extends Q ? N : never;
}[JobName<C>];

/** Declares one job; a separate call so the payload type flows from the schema into jobId. */
export function defineJob<const Q extends string, P extends object>(definition: JobDefinition<Q, P>): JobDefinition<Q, P> {
  return definition;
}

const JOB_NAME = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;
const QUEUE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Builds a catalog and checks the rules types cannot express: `domain.verb` job names, known
 * queues, sane options. Queue names are permanent (jobs already in Redis live under them).
 */
export function defineCatalog<const Q extends string, const J extends Record<string, AnyJobDefinition<Q>>>(input: {
  queues: readonly Q[];
  jobs: J;
  defaults?: Partial<JobOptions>;
}): Catalog<Q, J> {
  const defaults = { ...defaultJobOptions, ...input.defaults };
  for (const queue of input.queues) {
    if (!QUEUE_NAME.test(queue)) throw new CatalogError(`queue name ${queue} must match ${QUEUE_NAME}`);
  }
  if (new Set(input.queues).size !== input.queues.length) throw new CatalogError('queue names must be unique');
  const jobOptions: Record<string, Readonly<JobOptions>> = {};
  for (const [name, job] of Object.entries(input.jobs)) {
    if (!JOB_NAME.test(name)) throw new CatalogError(`job name ${name} must be domain.verb`);
    if (!input.queues.includes(job.queue)) throw new CatalogError(`job ${name} names unknown queue ${job.queue}`);
    jobOptions[name] = checkOptions(name, { ...defaults, ...job.options });
  }
  return Object.freeze({
    queues: Object.freeze([...input.queues]),
    jobs: Object.freeze({ ...input.jobs }),
    jobOptions: Object.freeze(jobOptions) as Catalog<Q, J>['jobOptions'],
  });
}

function checkOptions(name: string, options: JobOptions): Readonly<JobOptions> {
  if (!Number.isInteger(options.attempts) || options.attempts < 1) {
    throw new CatalogError(`job ${name}: attempts must be a positive integer`);
  }
  if (options.backoff.delay < 0) throw new CatalogError(`job ${name}: backoff delay must not be negative`);
  if (options.removeOnFail.count <= options.removeOnComplete.count) {
    throw new CatalogError(`job ${name}: removeOnFail must keep more jobs than removeOnComplete`);
  }
  return Object.freeze(options);
}
