import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('datasync');

// A W3C trace context header: version 00, trace id, parent span id, flags.
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The current span's context as a W3C `traceparent` (what a job carries), undefined outside a traced span. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const value = carrier.traceparent;
  return value && TRACEPARENT.test(value) ? value : undefined;
}

export interface SpanOptions {
  attributes?: Attributes;
  kind?: 'internal' | 'server' | 'consumer' | 'client';
  /** A W3C `traceparent` the span continues (a job's); ignored when malformed. */
  traceparent?: string;
}

const KINDS = { internal: SpanKind.INTERNAL, server: SpanKind.SERVER, consumer: SpanKind.CONSUMER, client: SpanKind.CLIENT };

/**
 * Runs `fn` inside a span named `name`, a child of the current span (or of `traceparent`), which
 * ends when `fn` settles and records a thrown error. Without tracing started it only calls `fn`.
 */
export function withSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const parent =
    options.traceparent && TRACEPARENT.test(options.traceparent)
      ? propagation.extract(context.active(), { traceparent: options.traceparent })
      : context.active();
  return tracer().startActiveSpan(
    name,
    { kind: KINDS[options.kind ?? 'internal'], ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Starts a span and makes it current for `fn` without ending it: for a request that ends later (traceRequests). */
export function startSpan(name: string, options: SpanOptions): { span: Span; run<T>(fn: () => T): T } {
  const span = tracer().startSpan(name, {
    kind: KINDS[options.kind ?? 'internal'],
    ...(options.attributes ? { attributes: options.attributes } : {}),
  });
  const active = trace.setSpan(context.active(), span);
  return { span, run: (fn) => context.with(active, fn) };
}

export { SpanStatusCode, type Span };
