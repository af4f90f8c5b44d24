import type { Logger } from '@datasync/logger';
import type { JobCatalog, Producer } from '@datasync/queue';
import type { AccountHooks } from './hooks';

/**
 * The loader I side of the account hooks (DESIGN §4.2): a committed registration enqueues
 * `account.attach`. The registration has committed by then, so no enqueue failure may fail the
 * call: with Redis away the loader's reconciler finds the account without a state and starts its
 * load within the spec's two minutes.
 */
export function attachHook(options: { producer: Producer<JobCatalog>; logger: Logger }): Pick<AccountHooks, 'afterAccountCommitted'> {
  return {
    async afterAccountCommitted(account) {
      try {
        await options.producer.enqueue('account.attach', { accountId: account.id });
      } catch (err) {
        options.logger.warn('attach not enqueued; the loader reconciler will start the load', {
          accountId: account.id,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    },
  };
}
