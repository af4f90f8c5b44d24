import type { RequestHandler } from 'express';
import type { EmulatorState } from '../state/emulatorState';
import { setRequestContext } from './requestContext';
import { maskKey, stripeErrors } from './stripeErrors';

/** The API key of a request: `Authorization: Bearer <key>`, or Basic with the key as user name (curl -u sk_…:). */
export function apiKeyOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

/**
 * Resolves the key, then `Stripe-Account`: a platform key may act for an account connected to
 * it, nothing else. Both failure modes answer as Stripe does (401, 403).
 */
export function authenticate(state: EmulatorState): RequestHandler {
  return (req, res, next) => {
    const key = apiKeyOf(req.get('authorization'));
    if (!key) return next(stripeErrors.missingKey());
    const owner = state.byApiKey(key);
    if (!owner) return next(stripeErrors.invalidKey(key));
    const target = req.get('stripe-account')?.trim();
    let account = owner.account;
    if (target && target !== owner.account.id) {
      const connected = state.account(target);
      if (!connected || connected.connectedTo !== owner.account.id) return next(stripeErrors.accountNotConnected(key, target));
      account = connected;
    }
    setRequestContext(res, { account, keyOwner: owner.account, keyKind: owner.kind, maskedKey: maskKey(key) });
    res.setHeader('Stripe-Version', req.get('stripe-version') ?? state.settings.apiVersion);
    if (target) res.setHeader('Stripe-Account', target);
    next();
  };
}
