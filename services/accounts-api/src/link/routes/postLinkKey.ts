import type { RequestHandler } from 'express';
import { clientAddress } from '@datasync/http';
import { sendPage } from '../linkSecurityHeaders';
import { addressLimitedPage, closedPage, csrfPage, refusalMessage } from '../pages/outcomePages';
import { formFields, type LinkRouteDeps } from './linkRouteDeps';
import { linkPageView } from './linkPageView';

/** `POST /link/{token}/key`: the pasted key (form field `key`), which never appears in a URL. */
export function postLinkKey(deps: LinkRouteDeps): RequestHandler<{ token: string }> {
  return async (req, res) => {
    const { token } = req.params;
    const fields = formFields(req);
    const key = typeof fields.key === 'string' ? fields.key.trim() : '';
    const outcome = await deps.page.submitKey(token, fields.csrf_token, key, clientAddress(req));
    switch (outcome.kind) {
      case 'connected':
        return res.redirect(303, outcome.redirectTo);
      case 'refused': {
        // The form again, with what to fix; the key is not put back into it.
        const view = linkPageView(outcome.context, {
          token,
          csrfToken: outcome.csrfToken,
          settings: deps.settings,
          keyError: refusalMessage(outcome.context, outcome.error),
          status: outcome.error.status,
        });
        return sendPage(res, view.page, view.formTargets);
      }
      case 'csrf_invalid':
        return sendPage(res, csrfPage(token));
      case 'address_limited':
        res.setHeader('Retry-After', outcome.error.headers['Retry-After'] ?? '3600');
        return sendPage(res, addressLimitedPage(outcome.context));
      default:
        return sendPage(res, closedPage(outcome));
    }
  };
}
