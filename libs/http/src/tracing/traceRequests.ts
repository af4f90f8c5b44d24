import type { RequestHandler } from 'express';
import { SpanStatusCode, startSpan } from '@datasync/tracing';
import { routeLabel } from '../metrics/routeTemplate';

/**
 * One server span per request, current for everything the request runs (the jobs it enqueues
 * carry it on: libs/queue). Named by method and route template, as the metrics label requests,
 * never by the raw path. Without tracing started (OTEL_EXPORTER_OTLP_ENDPOINT unset) the span is
 * the API's no-op one.
 */
// Probes and scrapes come every few seconds and say nothing about the work: no span.
const UNTRACED = new Set(['/health', '/ready', '/metrics']);

export function traceRequests(routePrefixes: readonly string[] = []): RequestHandler {
  return (req, res, next) => {
    if (UNTRACED.has(req.path)) return next();
    const { span, run } = startSpan(`${req.method}`, { kind: 'server', attributes: { 'http.request.method': req.method } });
    res.once('close', () => {
      const route = routeLabel(req, res, routePrefixes);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    run(next);
  };
}
