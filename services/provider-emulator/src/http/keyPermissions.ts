import type { RequestHandler } from 'express';
import { requestContext } from './requestContext';
import { stripeErrors } from './stripeErrors';

/**
 * Resources whose permission an emulated restricted key can lack, with the permission Stripe
 * names in its 403 (a restricted key sets each resource to None, Read or Write).
 */
const PERMISSIONS = { test_clocks: 'rak_test_clock_read' } as const;

export const RESTRICTABLE = Object.keys(PERMISSIONS) as Restrictable[];
export type Restrictable = keyof typeof PERMISSIONS;

/** Refuses the request as Stripe does when it is made with a restricted key lacking `resource`. */
export function requirePermission(resource: Restrictable): RequestHandler {
  return (_req, res, next) => {
    const { keyKind, keyOwner, account, maskedKey } = requestContext(res);
    if (keyKind !== 'restricted' || !keyOwner.restrictedKeyWithout.has(resource)) return next();
    next(stripeErrors.missingPermission(maskedKey, account.id, PERMISSIONS[resource]));
  };
}
