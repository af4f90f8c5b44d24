import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { requirePermission } from '../../http/keyPermissions';
import { routePresent } from '../../http/routePresent';
import { stripeErrors } from '../../http/stripeErrors';
import { listJson } from '../../listing/listJson';
import { parseListParams } from '../../listing/listParams';

const PATH = '/v1/test_helpers/test_clocks';

/**
 * `GET /v1/test_helpers/test_clocks` (newest first, paged by id) and `GET …/:id`; a 404 for an
 * account created with `routes_absent: ["test_clocks"]`.
 */
export function testClockRoutes(): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: PATH,
      handlers: [
        routePresent('test_clocks'),
        requirePermission('test_clocks'),
        (req, res) => {
          const clocks = requestContext(res).account.testClocks.list();
          const params = parseListParams(req.query, new Map());
          const at = (id: string, param: string) => {
            const index = clocks.findIndex((c) => c.id === id);
            if (index < 0) throw stripeErrors.resourceMissing('test_helpers.test_clock', id, param, 400);
            return index;
          };
          let from = params.startingAfter === undefined ? 0 : at(params.startingAfter, 'starting_after') + 1;
          let to = clocks.length;
          if (params.endingBefore !== undefined) {
            to = at(params.endingBefore, 'ending_before');
            from = Math.max(0, to - params.limit);
          }
          const page = clocks.slice(from, Math.min(to, from + params.limit));
          const hasMore = params.endingBefore !== undefined ? from > 0 : from + page.length < clocks.length;
          res.type('application/json').send(
            listJson(
              page.map((c) => JSON.stringify(c)),
              hasMore,
              PATH,
            ),
          );
        },
      ],
    },
    {
      method: 'get',
      path: `${PATH}/:id`,
      handlers: [
        routePresent('test_clocks'),
        requirePermission('test_clocks'),
        (req, res) => {
          const id = String(req.params.id);
          const clock = requestContext(res).account.testClocks.get(id);
          if (!clock) throw stripeErrors.resourceMissing('test_helpers.test_clock', id);
          res.json(clock);
        },
      ],
    },
  ];
}
