import { Joi } from '@datasync/config';
import { validateAdmin } from '../portal/createPortal';
import type { HubspotState } from '../portal/hubspotState';
import type { HubspotRoute } from '../routes/hubspotRoute';
import { portalParam } from './adminParams';

/**
 * `POST /_emulator/hubspot/portals/:portalId/hold` `{held}`: while held, the portal's API
 * requests wait unanswered; `held: false` lets them through. Answers `{held, waiting}`, so a test
 * can see its request arrive before it releases it. `GET` reads the same without changing it.
 */
export function holdRoutes(state: HubspotState): HubspotRoute[] {
  const schema = Joi.object({ held: Joi.boolean().required() });
  const view = (held: boolean, waiting: number) => ({ held, waiting });
  return [
    {
      method: 'post',
      path: '/_emulator/hubspot/portals/:portalId/hold',
      handler: (req, res) => {
        const portal = portalParam(state, req);
        if (validateAdmin<{ held: boolean }>(schema, req.body).held) portal.hold.hold();
        else portal.hold.free();
        res.json(view(portal.hold.held, portal.hold.waiting));
      },
    },
    {
      method: 'get',
      path: '/_emulator/hubspot/portals/:portalId/hold',
      handler: (req, res) => {
        const portal = portalParam(state, req);
        res.json(view(portal.hold.held, portal.hold.waiting));
      },
    },
  ];
}
