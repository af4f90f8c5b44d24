import type { Request } from 'express';
import { isResourceName } from '../generators/resourceNames';
import { stripeErrors } from '../http/stripeErrors';
import type { EmulatorAccount } from '../state/account';
import type { EmulatorState } from '../state/emulatorState';
import type { ResourceStore } from '../state/resourceStore';

/** The account named by `:accountId`, or a 404. */
export function accountParam(state: EmulatorState, req: Request): EmulatorAccount {
  const id = String(req.params.accountId);
  const account = state.account(id);
  if (!account) throw stripeErrors.resourceMissing('account', id, 'accountId');
  return account;
}

/** The resource named by `:resource` (the catalog name, `charges`), or a 404. */
export function storeParam(account: EmulatorAccount, req: Request): ResourceStore {
  const name = String(req.params.resource);
  const store = isResourceName(name) ? account.store(name) : undefined;
  if (!store) throw stripeErrors.resourceMissing('resource', name, 'resource');
  return store;
}

/**
 * `?silent=true`: the change is made without any event, as drift the provider never announces (a
 * lost event, a change behind the API's back). What verification exists to find; tests inject it.
 */
export function silentParam(req: Request): boolean {
  const value = req.query.silent;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw stripeErrors.invalidValue('silent', 'silent must be true or false.');
}
