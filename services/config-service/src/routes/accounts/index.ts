import type { AccountsService } from '@datasync/accounts';
import type { AnyRouteSpec, RouteAuth } from '@datasync/openapi';
import type { SyncsService } from '../../syncs/syncs.service';
import { deleteSyncAccount } from './deleteSyncAccount';
import { listSyncAccounts } from './listSyncAccounts';
import { postSyncAccount } from './postSyncAccount';
import { postSyncAccountVerify } from './postSyncAccountVerify';
import { putSyncAccount } from './putSyncAccount';
import { SyncAccounts } from './syncAccounts.service';

export { SyncAccounts, parseCredential } from './syncAccounts.service';
export type { AccountRouteDeps } from './routeDeps';

/** The Accounts tab's routes, mounted under /api/v1 behind `auth` (a session or Basic auth). */
export function accountRoutes(auth: RouteAuth, services: { accounts: AccountsService; syncs: SyncsService }): AnyRouteSpec[] {
  const deps = { auth, accounts: new SyncAccounts(services.accounts, services.syncs) };
  return [listSyncAccounts(deps), postSyncAccount(deps), putSyncAccount(deps), deleteSyncAccount(deps), postSyncAccountVerify(deps)];
}
