import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { retrieveEvent } from '../../listing/listEvents';

/** `GET /v1/events/:id`. */
export function retrieveEventRoute(retentionDays: number): RouteDefinition {
  return {
    method: 'get',
    path: '/v1/events/:id',
    handlers: [
      (req, res) => {
        res.json(retrieveEvent(requestContext(res).account, String(req.params.id), retentionDays));
      },
    ],
  };
}
