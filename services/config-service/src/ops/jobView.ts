import type { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { jobCatalog, splitTraceContext, type AnyCatalog } from '@datasync/queue';

/** Shown in place of a payload the catalog does not describe. */
export const UNLISTED_PAYLOAD = Object.freeze({ hidden: 'payload not in the job catalog' });
/** Shown in place of a job name the catalog does not list for the queue. */
export const UNLISTED_NAME = '(not in the job catalog)';

/**
 * What the dashboard shows of a job's data: the payload when it matches the schema of one of the
 * queue's catalog jobs (ids only, by the catalog's rule), never anything else that might have
 * landed in Redis under our prefix. Validated as on receipt: no conversion, no unknown keys
 * beside the trace context a job may carry (libs/queue jobTrace.ts), shown with it.
 */
export function visiblePayload(catalog: AnyCatalog, jobNames: readonly string[], data: unknown): unknown {
  const { payload } = splitTraceContext(data);
  for (const name of jobNames) {
    const schema = catalog.jobs[name]?.schema;
    if (schema && !schema.validate(payload, { convert: false, allowUnknown: false }).error) return data;
  }
  return UNLISTED_PAYLOAD;
}

export function visibleName(jobNames: readonly string[], name: unknown): string {
  return typeof name === 'string' && jobNames.includes(name) ? name : UNLISTED_NAME;
}

/**
 * Formatters for one queue's board entry. Handlers return nothing, so a return value (and any
 * progress that is not a number) is not ours to show.
 */
export function restrictJobView(adapter: BullMQAdapter, jobNames: readonly string[], catalog: AnyCatalog = jobCatalog): void {
  adapter.setFormatter('data', (data: unknown) => visiblePayload(catalog, jobNames, data));
  adapter.setFormatter('name', (job: { name?: unknown }) => visibleName(jobNames, job.name));
  adapter.setFormatter('returnValue', () => null);
  adapter.setFormatter('progress', (progress: unknown) => (typeof progress === 'number' ? progress : 0));
}
