import express, { type Express } from 'express';
import { createHttpApp, finishHttpApp, metricsRoute, mountRoutes, type Readiness } from '@datasync/http';
import type { Logger } from '@datasync/logger';
import type { Registry } from 'prom-client';

export interface LoaderAppDeps {
  logger: Logger;
  readiness: Readiness;
  /** Prometheus metrics, served at /metrics. */
  metrics: Registry;
}

/** The loader's small HTTP side: health and readiness for the orchestrator, metrics. Never listens. */
export function createApp(deps: LoaderAppDeps): Express {
  const app = createHttpApp({ logger: deps.logger, readiness: deps.readiness });
  const routes = express.Router();
  mountRoutes(routes, [metricsRoute(deps.metrics)]);
  app.use(routes);
  return finishHttpApp(app, deps.logger);
}
