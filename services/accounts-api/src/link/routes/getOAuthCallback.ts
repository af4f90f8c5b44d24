import type { RequestHandler } from 'express';
import { readCookie } from '@datasync/auth';
import { sendPage } from '../linkSecurityHeaders';
import { badCallbackPage, closedPage, deniedPage, providerErrorPage, refusedPage } from '../pages/outcomePages';
import { CALLBACK_PATH, STATE_COOKIE, publicOrigin, type LinkRouteDeps } from './linkRouteDeps';

/** `GET /link/oauth/callback?code=…&state=…` (or `error=access_denied`): where the provider sends the customer back. */
export function getOAuthCallback(deps: LinkRouteDeps): RequestHandler {
  return async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const outcome = await deps.page.finishConnect({
      state: query.state,
      code: query.code,
      error: query.error,
      cookieState: readCookie(req.headers.cookie, STATE_COOKIE),
      // The same URL the connect step sent as redirect_uri (both from the public origin).
      redirectUri: `${publicOrigin(req, deps.settings)}${CALLBACK_PATH}`,
    });
    // One attempt per state: whatever happened, a new try starts from the connect button.
    res.clearCookie(STATE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.settings.secureCookies, path: CALLBACK_PATH });
    switch (outcome.kind) {
      case 'connected':
        return res.redirect(303, outcome.redirectTo);
      case 'denied':
        return sendPage(res, deniedPage(outcome.context));
      case 'provider_error':
        return sendPage(res, providerErrorPage(outcome.context, outcome.code));
      case 'refused':
        return sendPage(res, refusedPage(outcome.context, outcome.error));
      case 'bad_callback':
        return sendPage(res, badCallbackPage());
      default:
        return sendPage(res, closedPage(outcome));
    }
  };
}
