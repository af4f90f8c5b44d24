import type { RouteDefinition } from '@datasync/http';
import { consentPage, oauthErrorPage } from '../../oauth/consentPage';
import { AuthorizeRequestError, authorizeRequest } from '../../oauth/oauthService';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /oauth/authorize?client_id=ca_…&redirect_uri=…&state=…`: the consent page. */
export function getAuthorizeRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/oauth/authorize',
    handlers: [
      (req, res, next) => {
        try {
          const request = authorizeRequest(state, req.query);
          const accounts = state.connectedAccounts(request.platform.id).map((a) => ({ id: a.id, name: a.profile.businessName }));
          res.type('html').send(
            consentPage({
              appName: request.platform.profile.businessName,
              clientId: request.platform.keys.clientId,
              redirectUri: request.redirectUri,
              state: request.state,
              scope: request.scope,
              accounts,
            }),
          );
        } catch (err) {
          if (err instanceof AuthorizeRequestError) return void res.status(400).type('html').send(oauthErrorPage(err.message));
          next(err);
        }
      },
    ],
  };
}
