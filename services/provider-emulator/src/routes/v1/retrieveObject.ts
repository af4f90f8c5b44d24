import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../http/requestContext';
import { stripeErrors } from '../../http/stripeErrors';
import { retrieveObject } from '../../listing/retrieveObject';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /v1/<resource>/:id` for every resource of the catalog. */
export function retrieveObjectRoutes(state: EmulatorState): RouteDefinition[] {
  return state.catalog.map((resource) => ({
    method: 'get',
    path: `${resource.endpoint}/:id`,
    handlers: [
      (req, res, next) => {
        const store = requestContext(res).account.storeByResource(resource);
        if (!store) return next(stripeErrors.unrecognizedUrl(req.method, req.path));
        res.json(retrieveObject(store, String(req.params.id)));
      },
    ],
  }));
}
