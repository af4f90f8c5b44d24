import type { RouteDefinition } from '@datasync/http';
import { accountObject } from '../../accounts/accountObject';
import { requestContext } from '../../http/requestContext';

/** `GET /v1/account`: the account the key (or Stripe-Account) acts as. */
export function getAccountRoute(): RouteDefinition {
  return {
    method: 'get',
    path: '/v1/account',
    handlers: [
      (_req, res) => {
        res.json(accountObject(requestContext(res).account));
      },
    ],
  };
}
