import type { Account } from './accounts.repository';

/**
 * What happens after an account change commits, outside the transaction: the loader's jobs.
 * The loader issues fill these in (attach; pause and resume; purge) through AccountsService's
 * options; the defaults do nothing, which is the behaviour before the loader exists.
 */
export interface AccountHooks {
  /**
   * A registration committed: a new account (`created`) or a new credential for an existing one.
   * Loader I enqueues `account.attach` here (which also clears an error the old credential left).
   */
  afterAccountCommitted(account: Account, change: { created: boolean }): Promise<void>;
  /** `active` changed. Loader II enqueues pause or resume. */
  afterAccountToggled(account: Account): Promise<void>;
  /**
   * The account is marked deleting: resolve once its rows are purged from every destination.
   * The delete call waits for it up to its bound, then answers 202 while the purge goes on.
   */
  purgeAccount(account: Account): Promise<void>;
  /** A full resync was asked for. Loader II enqueues `account.resync`. */
  resyncAccount(account: Account): Promise<void>;
}

export const noLoaderHooks: AccountHooks = {
  afterAccountCommitted: async () => undefined,
  afterAccountToggled: async () => undefined,
  purgeAccount: async () => undefined,
  resyncAccount: async () => undefined,
};
