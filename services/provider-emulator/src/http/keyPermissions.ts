import type { RequestHandler } from 'express';
import { requestContext } from './requestContext';
import { PERMISSIONS, type Restrictable } from '../state/restrictable';
import { stripeErrors } from './stripeErrors';

/** Refuses the request as Stripe does when it is made with a restricted key lacking `resource`. */
export function requirePermission(resource: Restrictable): RequestHandler {
  return (_req, res, next) => {
    const { keyKind, keyOwner, account, maskedKey } = requestContext(res);
    if (keyKind !== 'restricted' || !keyOwner.restrictedKeyWithout.has(resource)) return next();
    next(stripeErrors.missingPermission(maskedKey, account.id, PERMISSIONS[resource]));
  };
}
