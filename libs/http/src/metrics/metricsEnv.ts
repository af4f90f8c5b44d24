import { Joi } from '@datasync/config';

/** The metrics port setting of a public service (accounts-api, config-service). */
export const metricsEnv = {
  METRICS_PORT: Joi.number()
    .port()
    .description(
      'port of the separate listener that serves GET /metrics (Prometheus); unset: no metrics listener. Never the public port: keep it reachable by Prometheus only',
    ),
  METRICS_HOST: Joi.string().hostname().default('0.0.0.0').description('interface the metrics listener listens on'),
};

export interface MetricsEnvConfig {
  METRICS_PORT?: number;
  METRICS_HOST: string;
}
