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
