import type http from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '@datasync/logger';
import { createHttpMetrics, type HttpMetricsOptions } from './httpMetrics';
import type { MetricsEnvConfig } from './metricsEnv';
import { serveMetrics } from './metricsServer';

export interface StartedHttpMetrics {
  /** For createHttpApp's `metrics`: undefined when METRICS_PORT is unset (nothing would read them). */
  middleware?: RequestHandler;
  /** Closes the metrics listener: the last closer, so the drain itself can still be scraped. */
  close(): Promise<void>;
}

/** A public service's metrics, served on METRICS_PORT when it is set; nothing at all otherwise. */
export async function startHttpMetrics(config: MetricsEnvConfig, logger: Logger, options: HttpMetricsOptions): Promise<StartedHttpMetrics> {
  if (config.METRICS_PORT === undefined) return { close: async () => undefined };
  const metrics = createHttpMetrics(options);
  const server = await serveMetrics({ registry: metrics.registry, port: config.METRICS_PORT, host: config.METRICS_HOST, logger });
  return { middleware: metrics.middleware, close: () => closeNow(server) };
}

// Prometheus keeps its connection open between scrapes: close it rather than wait for it.
function closeNow(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
