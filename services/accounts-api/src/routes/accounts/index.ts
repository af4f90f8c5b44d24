import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteAccount } from './deleteAccount';
import { getAccount } from './getAccount';
import { listAccounts } from './listAccounts';
import { postAccount } from './postAccount';
import { postAccountResync } from './postAccountResync';
import { postAccountVerify } from './postAccountVerify';
import { postSourceAccount } from './postSourceAccount';
import { putAccount } from './putAccount';
import type { AccountRouteDeps } from './routeDeps';

export type { AccountRouteDeps } from './routeDeps';

export function accountRoutes(deps: AccountRouteDeps): AnyRouteSpec[] {
  return [
    listAccounts(deps),
    postAccount(deps),
    getAccount(deps),
    putAccount(deps),
    deleteAccount(deps),
    postSourceAccount(deps),
    postAccountResync(deps),
    postAccountVerify(deps),
  ];
}
