import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { errorMiddleware, notFoundHandler } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import type { Readiness } from './readiness';
import { traceRequests } from './tracing/traceRequests';
import { BODY_ERROR } from './routes';

export interface HttpAppOptions {
  logger: Logger;
  readiness: Readiness;
  /** Largest JSON body accepted; larger ones get a 413. */
  bodyLimit?: string;
  /** Proxies whose X-Forwarded-For is believed (trustedProxies.ts); `req.ip` is then the client's address. */
  trustedProxies?: string[];
  /**
   * Path prefixes whose bodies the JSON parser leaves unread, for routes that need the exact bytes
   * (a signed webhook is verified over the raw body) and read them with their own parser and limit.
   */
  rawBodyPrefixes?: string[];
  /** The HTTP metrics' middleware (createHttpMetrics), run before anything else. */
  metrics?: RequestHandler;
  /** Path prefixes of routers that mountRoutes does not mount: their requests' span names (metrics/routeTemplate.ts). */
  routePrefixes?: readonly string[];
}

/**
 * An Express app with what every service shares: request ids and logs, JSON bodies,
 * `GET /health` (the process is alive) and `GET /ready` (its dependencies answer, not draining).
 * Call `finishHttpApp` after the service's own routes.
 */
export function createHttpApp({
  logger,
  readiness,
  bodyLimit = '100kb',
  trustedProxies = [],
  rawBodyPrefixes = [],
  metrics,
  routePrefixes = [],
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustedProxies.length > 0 ? trustedProxies : false);
  if (metrics) app.use(metrics);
  app.use(traceRequests(routePrefixes));

  app.use((req, res, next) => {
    const requestId = `req_${randomUUID().replace(/-/g, '')}`;
    const started = process.hrtime.bigint();
    res.setHeader('Request-Id', requestId);
    res.locals.requestId = requestId;
    // Skipped when filtered out: winston formats (and redacts) before its level check.
    if (logger.isLevelEnabled('http'))
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.http('request', {
          request_id: requestId,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        });
      });
    next();
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    const report = await readiness.report();
    res.status(report.ready ? 200 : 503).json(report);
  });

  // A body that cannot be parsed (bad JSON, too large, unknown charset) is not answered here but
  // kept for the route: mountRoutes answers it after authentication, so a caller without valid
  // credentials gets its 401 whatever it sent (body-parser has drained the request by then).
  const parseJson = express.json({ limit: bodyLimit, type: ['application/json', 'application/*+json'] });
  app.use((req, res, next) => {
    if (rawBodyPrefixes.some((prefix) => req.path.startsWith(prefix))) return next();
    parseJson(req, res, (err?: unknown) => {
      if (err !== undefined) res.locals[BODY_ERROR] = err;
      next();
    });
  });
  return app;
}

/** Adds the 404 for unknown routes and the one error handler. Call last. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
