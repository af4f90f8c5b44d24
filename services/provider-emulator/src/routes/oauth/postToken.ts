import type { RouteDefinition } from '@datasync/http';
import type { AuthorizationCodes } from '../../oauth/authorizationCodes';
import { exchangeCode } from '../../oauth/oauthService';
import type { EmulatorState } from '../../state/emulatorState';

/** `POST /oauth/token` `grant_type=authorization_code&code=…` with the app's secret key. */
export function postTokenRoute(state: EmulatorState, codes: AuthorizationCodes): RouteDefinition {
  return {
    method: 'post',
    path: '/oauth/token',
    handlers: [
      (req, res) => {
        res.json(exchangeCode(state, codes, req.get('authorization'), req.body));
      },
    ],
  };
}
