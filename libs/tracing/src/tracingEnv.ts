import { Joi } from '@datasync/config';

/** The tracing settings every service shares: the OpenTelemetry standard variable, nothing else. */
export const tracingEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .description(
      'OTLP/HTTP collector base URL (traces go to <url>/v1/traces as JSON); unset: no tracing at all, the SDK is not even loaded',
    ),
};

export interface TracingEnvConfig {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}
