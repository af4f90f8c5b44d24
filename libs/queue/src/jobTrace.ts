import { currentTraceparent } from '@datasync/tracing';

/**
 * The one key a job's data may hold beside its payload: the W3C `traceparent` of the span that
 * enqueued it (a request, another job), so the job's span continues that trace. A trace context
 * only: ids of a trace and a span and a flag, never a secret. It is not part of the payload (the
 * catalog's schemas, the job id, the handlers never see it).
 */
export const TRACEPARENT_KEY = 'traceparent';

/** The job data to store: the payload, and the current trace context when there is one. */
export function withTraceContext<P extends object>(payload: P): P {
  const traceparent = currentTraceparent();
  return traceparent ? { ...payload, [TRACEPARENT_KEY]: traceparent } : payload;
}

/** The payload and the trace context of a job's stored data. */
export function splitTraceContext(data: unknown): { payload: unknown; traceparent?: string } {
  if (!data || typeof data !== 'object' || !(TRACEPARENT_KEY in data)) return { payload: data };
  const { [TRACEPARENT_KEY]: traceparent, ...payload } = data as Record<string, unknown>;
  return typeof traceparent === 'string' ? { payload, traceparent } : { payload };
}
