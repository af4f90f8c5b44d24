import { defineCatalog } from './catalog';

/**
 * The production catalog (DESIGN §7). Queue names are permanent: jobs already in Redis live
 * under them. A job is added here together with its handler and the code that enqueues it,
 * never ahead of them, so the job list grows issue by issue.
 */
export const jobCatalog = defineCatalog({
  queues: ['lifecycle', 'backfill', 'incremental', 'maintenance'],
  jobs: {},
});

export type JobCatalog = typeof jobCatalog;
