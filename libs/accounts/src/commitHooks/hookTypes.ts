import type { Account } from '../accounts.repository';

/**
 * What happens after an account change commits, outside the transaction: the loader's jobs,
 * passed in through AccountsService's options. The defaults do nothing (a service without a
 * queue, and tests of the API alone).
 */
export interface AccountHooks {
  /**
   * A registration committed: a new account (`created`) or a new credential for an existing one.
   * `account.attach` is enqueued here (which also clears an error the old credential left).
   */
  afterAccountCommitted(account: Account, change: { created: boolean }): Promise<void>;
  /** `active` changed: `account.pause` or `account.resume` is enqueued. */
  afterAccountToggled(account: Account): Promise<void>;
  /**
   * The account is marked deleting: resolve once its rows are purged from every destination.
   * The delete call waits for it up to its bound, then answers 202 while the purge goes on.
   */
  purgeAccount(account: Account): Promise<void>;
  /** A full resync was asked for: `account.resync` is enqueued. */
  resyncAccount(account: Account): Promise<void>;
  /** A verification against the provider was asked for: `account.verify` (full) is enqueued. */
  verifyAccount(account: Account): Promise<void>;
}

export const noLoaderHooks: AccountHooks = {
  afterAccountCommitted: async () => undefined,
  afterAccountToggled: async () => undefined,
  purgeAccount: async () => undefined,
  resyncAccount: async () => undefined,
  verifyAccount: async () => undefined,
};

/**
 * What happens after a mount commits: accounts already attached to the sync's source get the new
 * table loaded. Unmounting needs no hook: the loader reads `unmounted_at` at every batch boundary.
 * Generic so that config-service's hooks receive its own Collection.
 */
export interface CollectionHooks<C extends { id: string } = { id: string }> {
  collectionMounted(collection: C): Promise<void>;
}

export const noCollectionHooks: CollectionHooks = {
  collectionMounted: async () => undefined,
};
