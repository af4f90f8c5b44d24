import type { RouteDefinition } from '@datasync/http';
import type { Registry } from 'prom-client';

/** `GET /metrics`: Prometheus text format (rows written, pages, 429s, job latency, queue depths). */
export function getMetricsRoute(registry: Registry): RouteDefinition {
  return {
    method: 'get',
    path: '/metrics',
    handlers: [
      async (_req, res, next) => {
        try {
          const body = await registry.metrics();
          res.type(registry.contentType).send(body);
        } catch (err) {
          next(err);
        }
      },
    ],
  };
}
