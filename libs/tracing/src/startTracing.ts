import type { TracingEnvConfig } from './tracingEnv';

export interface Tracing {
  /** Sends the spans still buffered, then stops: the last step of a graceful stop. */
  shutdown(): Promise<void>;
}

const NONE: Tracing = { shutdown: async () => undefined };

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans are batched and
 * sent by OTLP over HTTP (JSON) to `<endpoint>/v1/traces`, contexts follow async calls
 * (AsyncLocalStorage) and travel in W3C `traceparent` form. Unset, nothing is loaded or started:
 * the spans the code opens are the API's no-op ones, which cost a function call.
 */
export async function startTracing(serviceName: string, config: TracingEnvConfig): Promise<Tracing> {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return NONE;
  const [api, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk, { OTLPTraceExporter }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000 })],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  return {
    async shutdown() {
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
