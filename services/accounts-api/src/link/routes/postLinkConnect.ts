import type { RequestHandler } from 'express';
import { sendPage } from '../linkSecurityHeaders';
import { closedPage, csrfPage, oauthUnavailablePage } from '../pages/outcomePages';
import { CALLBACK_PATH, STATE_COOKIE, formFields, publicOrigin, type LinkRouteDeps } from './linkRouteDeps';

// Long enough to sign in at the provider and decide; the state itself lives on the session.
const STATE_COOKIE_MS = 30 * 60_000;

/** `POST /link/{token}/connect`: the connect button. A fresh state, then the provider's consent page. */
export function postLinkConnect(deps: LinkRouteDeps): RequestHandler<{ token: string }> {
  return async (req, res) => {
    const { token } = req.params;
    const redirectUri = `${publicOrigin(req, deps.settings)}${CALLBACK_PATH}`;
    const outcome = await deps.page.startConnect(token, formFields(req).csrf_token, redirectUri);
    switch (outcome.kind) {
      case 'redirect':
        // Lax: the provider's redirect back is a top-level GET, which carries it; httpOnly: no
        // script could read it, and the page has none anyway.
        res.cookie(STATE_COOKIE, outcome.state, {
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.settings.secureCookies,
          path: CALLBACK_PATH,
          maxAge: STATE_COOKIE_MS,
        });
        return res.redirect(303, outcome.url);
      case 'csrf_invalid':
        return sendPage(res, csrfPage(token));
      case 'oauth_unavailable':
        return sendPage(res, oauthUnavailablePage(outcome.context, token));
      default:
        return sendPage(res, closedPage(outcome));
    }
  };
}
