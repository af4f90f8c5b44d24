import type { SecretBox } from '@datasync/crypto';
import { AccountsService, type AccountHooks } from '@datasync/accounts';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { AnyRouteSpec, RouteAuth } from '@datasync/openapi';
import { providerVerifier, type ProviderSettings } from '@datasync/providers';
import type { SyncsService } from '../../syncs/syncs.service';
import { deleteSyncAccount } from './deleteSyncAccount';
import { listSyncAccounts } from './listSyncAccounts';
import { postSyncAccount } from './postSyncAccount';
import { putSyncAccount } from './putSyncAccount';
import { SyncAccounts } from './syncAccounts.service';

export { SyncAccounts, parseCredential } from './syncAccounts.service';
export type { AccountRouteDeps } from './routeDeps';

/** libs/accounts for config-service: the dashboard registers, pauses and deletes accounts with the public API's code. */
export function createAccountsService(options: {
  knex: Knex;
  secretBox: SecretBox;
  logger: Logger;
  providers: ProviderSettings;
  deleteWaitMs: number;
  hooks?: Partial<AccountHooks>;
}): AccountsService {
  const { knex, secretBox, logger } = options;
  return new AccountsService({
    knex,
    secretBox,
    verify: providerVerifier({ settings: options.providers, logger }),
    deleteWaitMs: options.deleteWaitMs,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
}

/** The Accounts tab's routes, mounted under /api/v1 behind `auth` (a session or Basic auth). */
export function accountRoutes(auth: RouteAuth, services: { accounts: AccountsService; syncs: SyncsService }): AnyRouteSpec[] {
  const deps = { auth, accounts: new SyncAccounts(services.accounts, services.syncs) };
  return [listSyncAccounts(deps), postSyncAccount(deps), putSyncAccount(deps), deleteSyncAccount(deps)];
}
