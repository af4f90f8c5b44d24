import type { RouteDefinition } from '@datasync/http';
import { oauthErrorPage } from '../../oauth/consentPage';
import type { AuthorizationCodes } from '../../oauth/authorizationCodes';
import { AuthorizeRequestError, decide } from '../../oauth/oauthService';
import type { EmulatorState } from '../../state/emulatorState';

/** `POST /oauth/authorize` (the consent form): 303 to redirect_uri with `code` or `error=access_denied`. */
export function postAuthorizeRoute(state: EmulatorState, codes: AuthorizationCodes): RouteDefinition {
  return {
    method: 'post',
    path: '/oauth/authorize',
    handlers: [
      (req, res, next) => {
        try {
          res.redirect(303, decide(state, codes, req.body));
        } catch (err) {
          if (err instanceof AuthorizeRequestError) return void res.status(400).type('html').send(oauthErrorPage(err.message));
          next(err);
        }
      },
    ],
  };
}
