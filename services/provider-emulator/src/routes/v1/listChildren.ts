import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { childLists, listChildren } from '../../listing/listChildren';

/** The URLs of embedded lists (`/v1/invoices/:id/lines`, `/v1/subscription_items`), every page. */
export function listChildrenRoutes(): RouteDefinition[] {
  return childLists.map((list) => ({
    method: 'get',
    path: list.path,
    handlers: [
      (req, res) => {
        const { account } = requestContext(res);
        const parentId = 'param' in list.parentIn ? String(req.params[list.parentIn.param]) : undefined;
        res.type('application/json').send(listChildren(account, list, parentId, req.query, req.path));
      },
    ],
  }));
}
