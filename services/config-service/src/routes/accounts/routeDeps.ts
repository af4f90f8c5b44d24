import type { RouteAuth } from '@datasync/openapi';
import type { SyncAccounts } from './syncAccounts.service';

export interface AccountRouteDeps {
  auth: RouteAuth;
  accounts: SyncAccounts;
}
