import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { QueueUnavailableError, type JobCatalog, type Producer } from '@datasync/queue';
import { accountExists } from './accounts.repository';
import type { AccountHooks } from './hooks';

export interface LifecycleHookOptions {
  knex: Knex;
  producer: Producer<JobCatalog>;
  logger: Logger;
  /** Longest a delete looks for the purge to finish; the service's own bound is normally shorter. */
  purgeWaitMs: number;
  /** How often it looks. */
  purgePollMs?: number;
}

/**
 * The loader II side of the account hooks (DESIGN §4.5–4.6): a toggle enqueues `account.pause` or
 * `account.resume`, a delete enqueues `account.purge` and waits for the loader to remove the
 * account, a resync request enqueues `account.resync`. None of them is lost when its enqueue fails
 * (Redis away) or its job is lost (Redis restarted empty): the loader's reconciler compares
 * schedulers with the accounts' `active`, restarts purges of accounts left deleting, and starts
 * resyncs requested (`resync_requested_at`) but not taken.
 */
export function lifecycleHooks(options: LifecycleHookOptions): Pick<AccountHooks, 'afterAccountToggled' | 'purgeAccount' | 'resyncAccount'> {
  const { knex, producer, logger } = options;
  const pollMs = options.purgePollMs ?? 100;

  const enqueueOrLeave = async (name: 'account.pause' | 'account.resume' | 'account.purge' | 'account.resync', accountId: string): Promise<void> => {
    try {
      await producer.enqueue(name, { accountId });
    } catch (err) {
      if (!(err instanceof QueueUnavailableError)) throw err;
      logger.warn('enqueue failed; the loader reconciler will catch up', { job: name, accountId });
    }
  };

  return {
    async afterAccountToggled(account) {
      await enqueueOrLeave(account.active ? 'account.resume' : 'account.pause', account.id);
    },
    async purgeAccount(account) {
      await enqueueOrLeave('account.purge', account.id);
      const deadline = Date.now() + options.purgeWaitMs;
      while (await accountExists(knex, account.id)) {
        if (Date.now() >= deadline) throw new Error('the purge did not finish within its wait bound');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async resyncAccount(account) {
      await enqueueOrLeave('account.resync', account.id);
    },
  };
}
