import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { stripeErrors } from '../../http/stripeErrors';
import { listObjects } from '../../listing/listObjects';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /v1/<resource>` for every resource of the catalog. */
export function listObjectsRoutes(state: EmulatorState): RouteDefinition[] {
  return state.catalog.map((resource) => ({
    method: 'get',
    path: resource.endpoint,
    handlers: [
      (req, res, next) => {
        const { account } = requestContext(res);
        const store = account.storeByResource(resource);
        if (!store) return next(stripeErrors.unrecognizedUrl(req.method, req.path));
        res.type('application/json').send(listObjects(account, store, req.query));
      },
    ],
  }));
}
