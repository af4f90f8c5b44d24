export { startTracing, type Tracing } from './startTracing';
export { tracingEnv, type TracingEnvConfig } from './tracingEnv';
export { currentTraceparent, startSpan, withSpan, SpanStatusCode, type Span, type SpanOptions } from './spans';
