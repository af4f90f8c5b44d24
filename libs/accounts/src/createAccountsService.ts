import type { SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { providerVerifier, type ProviderSettings } from '@datasync/providers';
import type { JobCatalog, Producer } from '@datasync/queue';
import { AccountsService } from './accounts.service';
import { loaderHooks, type AccountHooks } from './commitHooks';

export interface AccountsServiceWiring {
  knex: Knex;
  secretBox: SecretBox;
  logger: Logger;
  providers: ProviderSettings;
  /** How long a delete waits for the purge before answering that it goes on (docs/incremental-sync.md, Delete). */
  deleteWaitMs: number;
  /** The loader's queue: each account change enqueues its job there. Without it, none is enqueued. */
  producer?: Producer<JobCatalog>;
  /** Hooks that replace the loader's one by one (tests watch or hold them). */
  hooks?: Partial<AccountHooks>;
}

// The hook's own wait outlasts the delete's bound, so a slow purge ends in the delete's 202, never
// in the hook's error.
const PURGE_WAIT_MARGIN_MS = 5_000;

/** AccountsService as accounts-api and config-service (the dashboard's Accounts tab) both run it. */
export function createAccountsService(options: AccountsServiceWiring): AccountsService {
  const { knex, logger, producer } = options;
  const loader = producer
    ? loaderHooks({
        knex,
        producer,
        logger: logger.child({ module: 'loader-hooks' }),
        purgeWaitMs: options.deleteWaitMs + PURGE_WAIT_MARGIN_MS,
      })
    : {};
  return new AccountsService({
    knex,
    secretBox: options.secretBox,
    verify: providerVerifier({ settings: options.providers, logger: logger.child({ module: 'accounts' }) }),
    deleteWaitMs: options.deleteWaitMs,
    hooks: { ...loader, ...options.hooks },
  });
}
