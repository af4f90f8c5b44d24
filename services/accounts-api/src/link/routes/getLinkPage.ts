import type { RequestHandler } from 'express';
import { sendPage } from '../linkSecurityHeaders';
import { closedPage } from '../pages/outcomePages';
import type { LinkRouteDeps } from './linkRouteDeps';
import { linkPageView } from './linkPageView';

/** `GET /link/{token}`: the page the integrator's customer opens. */
export function getLinkPage(deps: LinkRouteDeps): RequestHandler<{ token: string }> {
  return async (req, res) => {
    const opened = await deps.page.open(req.params.token);
    if (opened.kind !== 'open') return sendPage(res, closedPage(opened));
    const view = linkPageView(opened.context, { token: req.params.token, csrfToken: opened.csrfToken, settings: deps.settings });
    sendPage(res, view.page, view.formTargets);
  };
}
