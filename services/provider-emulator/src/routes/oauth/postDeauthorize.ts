import type { RouteDefinition } from '@datasync/http';
import { deauthorize } from '../../oauth/oauthService';
import type { EmulatorState } from '../../state/emulatorState';

/** `POST /oauth/deauthorize` `client_id=ca_…&stripe_user_id=acct_…` with the app's secret key. */
export function postDeauthorizeRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'post',
    path: '/oauth/deauthorize',
    handlers: [
      (req, res) => {
        res.json(deauthorize(state, req.get('authorization'), req.body));
      },
    ],
  };
}
