import type { RouteDefinition } from '@datasync/http';
import { accountObject } from '../../accounts/accountObject';
import { requestContext } from '../../http/requestContext';
import { apiKeyOf } from '../../http/authenticate';
import { stripeErrors } from '../../http/stripeErrors';
import type { EmulatorState } from '../../state/emulatorState';

/** `GET /v1/accounts/:id`: the key's own account, or one connected to it. */
export function getAccountByIdRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/v1/accounts/:id',
    handlers: [
      (req, res, next) => {
        const { keyOwner } = requestContext(res);
        const id = String(req.params.id);
        const account = state.account(id);
        if (!account || (account !== keyOwner && account.connectedTo !== keyOwner.id)) {
          return next(stripeErrors.accountNotConnected(apiKeyOf(req.get('authorization')) ?? '', id));
        }
        res.json(accountObject(account));
      },
    ],
  };
}
