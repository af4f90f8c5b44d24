import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { listEvents } from '../../listing/listEvents';

/** `GET /v1/events`. */
export function listEventsRoute(retentionDays: number): RouteDefinition {
  return {
    method: 'get',
    path: '/v1/events',
    handlers: [
      (req, res) => {
        res.json(listEvents(requestContext(res).account, req.query, retentionDays));
      },
    ],
  };
}
