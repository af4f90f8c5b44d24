import type { AnyCatalog, JobName, PayloadOf } from './defineCatalog';
import { CatalogError, InvalidJobPayloadError } from './errors';

/**
 * Checks a payload against its job's schema without converting it, so what is validated is
 * exactly what is stored and received. Unknown keys are refused: payloads carry ids only.
 */
export function validatePayload<C extends AnyCatalog, N extends JobName<C>>(catalog: C, name: N, payload: unknown): PayloadOf<C, N> {
  const job = catalog.jobs[name];
  if (!job) throw new InvalidJobPayloadError(String(name), ['unknown job name']);
  const { value, error } = job.schema.validate(payload, { abortEarly: false, convert: false, allowUnknown: false });
  if (error)
    throw new InvalidJobPayloadError(
      name,
      error.details.map((d) => d.message),
    );
  return value as PayloadOf<C, N>;
}

/** The job's deterministic id; refuses ids BullMQ would misread (':' splits its keys, integers). */
export function deriveJobId<C extends AnyCatalog, N extends JobName<C>>(catalog: C, name: N, payload: PayloadOf<C, N>): string {
  const job = catalog.jobs[name];
  if (!job) throw new CatalogError(`unknown job ${name}`);
  const id = job.jobId(payload);
  if (!id || id.includes(':') || /^\d+$/.test(id)) {
    throw new CatalogError(`job ${name} derived the id "${id}"; ids are non-empty, not integers and never contain ':'`);
  }
  return id;
}
