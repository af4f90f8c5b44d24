import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RATE_LIMITER } from '@datasync/errors';
import { routeLabel } from './routeTemplate';

export interface HttpMetricsOptions {
  /** Prefix of the process metrics (`datasync_accounts_api_`): each service's own, as the loader's. */
  processPrefix: string;
  /** Path prefixes of routers that mountRoutes does not mount (routeTemplate.ts). */
  routePrefixes?: readonly string[];
}

export interface HttpMetrics {
  registry: Registry;
  /** Counts and times every request; mount it first. */
  middleware: RequestHandler;
}

/**
 * An API's Prometheus metrics: requests and their latency by method, route template and status,
 * requests in flight, rate-limit refusals by limiter, and Node's process metrics. Served on the
 * metrics port (metricsServer.ts), never on the public listener.
 */
export function createHttpMetrics(options: HttpMetricsOptions): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: options.processPrefix });
  const requests = new Counter({
    name: 'datasync_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'datasync_http_request_duration_seconds',
    help: 'time from a request arriving to its response finishing, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'datasync_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'datasync_http_rate_limited_total',
    help: 'requests refused with a 429, by the limiter that refused them',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
  const prefixes = options.routePrefixes ?? [];
  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    inFlight.inc();
    let done = false;
    // `close` without `finish`: the client went away before the response was sent.
    const record = () => {
      if (done) return;
      done = true;
      inFlight.dec();
      const labels = { method: methodLabel(req.method), route: routeLabel(req, res, prefixes), status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      if (res.statusCode === 429) {
        const limiter: unknown = res.locals[RATE_LIMITER];
        rateLimited.inc({ limiter: typeof limiter === 'string' ? limiter : 'unknown' });
      }
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
  return { registry, middleware };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A method outside the usual ones is one label, not one series per invented verb. */
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}
