import type { AccountsService } from '@datasync/accounts';
import type { ApiAuth } from '../../edge/apiAuth';
import type { IdempotencyStore } from '../../edge/idempotencyStore';

export interface AccountRouteDeps {
  accounts: AccountsService;
  auth: ApiAuth;
  idempotency: IdempotencyStore;
}
