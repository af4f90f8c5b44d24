import type http from 'node:http';
import express from 'express';
import { errorMiddleware, notFoundHandler } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import type { Registry } from 'prom-client';
import { mountRoutes } from '../routes';
import { boundPort, listen } from '../serve';
import { metricsRoute } from './metricsRoute';

/**
 * The metrics listener of a public service: `GET /metrics` alone, on its own port
 * (METRICS_PORT), so the public listener never answers it and the deployment decides who reaches
 * it (the NetworkPolicy admits Prometheus only). Resolves once listening.
 */
export async function serveMetrics(options: { registry: Registry; port: number; host: string; logger: Logger }): Promise<http.Server> {
  const app = express();
  app.disable('x-powered-by');
  const router = express.Router();
  mountRoutes(router, [metricsRoute(options.registry)]);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorMiddleware(options.logger));
  const server = await listen(app, options.port, options.host);
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  options.logger.info('metrics listening', { url: `http://${host}:${boundPort(server)}/metrics` });
  return server;
}
