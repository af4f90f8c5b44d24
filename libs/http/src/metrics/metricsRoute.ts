import type { Registry } from 'prom-client';
import type { RouteDefinition } from '../routes';

/** `GET /metrics`: the registry in Prometheus's text format. */
export function metricsRoute(registry: Registry): RouteDefinition {
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
