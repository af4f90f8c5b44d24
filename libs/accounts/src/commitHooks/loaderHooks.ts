import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { JobCatalog, Producer } from '@datasync/queue';
import { accountExists } from '../accounts.repository';
import { enqueueAfterCommit } from './enqueueAfterCommit';
import type { AccountHooks, CollectionHooks } from './hookTypes';

export interface LoaderHookOptions {
  knex: Knex;
  producer: Producer<JobCatalog>;
  logger: Logger;
  /** Longest a delete looks for the purge to finish; the service's own bound is normally shorter. */
  purgeWaitMs: number;
  /** How often it looks. */
  purgePollMs?: number;
}

/**
 * What a service that changes accounts tells the loader through its queue (docs/run-lifecycle.md,
 * The attach; docs/incremental-sync.md, Pause and resume, Delete):
 * attach a registered account, pause or resume a toggled one, purge a deleted one (and wait for
 * the loader to remove it), resync or verify one. accounts-api and config-service both use exactly these.
 */
export function loaderHooks(options: LoaderHookOptions): AccountHooks {
  const { knex, producer, logger } = options;
  const pollMs = options.purgePollMs ?? 100;
  return {
    async afterAccountCommitted(account) {
      await enqueueAfterCommit(producer, logger, 'account.attach', { accountId: account.id });
    },
    async afterAccountToggled(account) {
      await enqueueAfterCommit(producer, logger, account.active ? 'account.resume' : 'account.pause', { accountId: account.id });
    },
    async purgeAccount(account) {
      await enqueueAfterCommit(producer, logger, 'account.purge', { accountId: account.id });
      const deadline = Date.now() + options.purgeWaitMs;
      while (await accountExists(knex, account.id)) {
        if (Date.now() >= deadline) throw new Error('the purge did not finish within its wait bound');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async resyncAccount(account) {
      await enqueueAfterCommit(producer, logger, 'account.resync', { accountId: account.id });
    },
    async verifyAccount(account) {
      await enqueueAfterCommit(producer, logger, 'account.verify', { accountId: account.id, scope: 'full' });
    },
  };
}

/** `collection.mounted` after a mount commits, so that accounts already attached get the new table. */
export function loaderCollectionHooks(producer: Producer<JobCatalog>, logger: Logger): CollectionHooks {
  return {
    async collectionMounted(collection) {
      await enqueueAfterCommit(producer, logger, 'collection.mounted', { collectionId: collection.id });
    },
  };
}
