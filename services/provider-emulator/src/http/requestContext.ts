import type { Response } from 'express';
import type { EmulatorAccount } from '../state/account';
import type { KeyKind } from '../state/emulatorState';

/** Who a /v1 request acts as: the account it reads (after Stripe-Account) and the key's owner. */
export interface RequestContext {
  account: EmulatorAccount;
  keyOwner: EmulatorAccount;
  keyKind: KeyKind;
  /** The key as Stripe echoes it in errors (maskKey). */
  maskedKey: string;
}

const CONTEXT = Symbol('emulatorRequestContext');

export function setRequestContext(res: Response, context: RequestContext): void {
  Reflect.set(res.locals, CONTEXT, context);
}

export function requestContext(res: Response): RequestContext {
  const context: unknown = Reflect.get(res.locals, CONTEXT);
  if (!isRequestContext(context)) throw new Error('request context missing: is the authenticate middleware mounted?');
  return context;
}

function isRequestContext(value: unknown): value is RequestContext {
  return typeof value === 'object' && value !== null && 'account' in value && 'keyOwner' in value;
}
