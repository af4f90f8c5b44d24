import { delayJob, type JobCatalog, type JobHandler, type PayloadOf } from '@datasync/queue';
import { classifyFailure } from '../backfill/failures';
import type { LoaderDeps } from '../deps';
import { pollAccount } from '../incremental/pollAccount';
import { settlePollMode } from '../incremental/pollMode';

/** How long a poke waits for a poll of the same account that holds the account's writes. */
const BUSY_RETRY_MS = 250;

/**
 * `account.poke`: the poll a provider webhook asked for (docs/webhooks.md). The webhook is only
 * the signal; the changes come from the provider's events list through the poll's own path, so
 * duplicates, reordering and a poll meanwhile all leave the same rows. A poll already running
 * may have listed the events before they existed: the poke waits for it and polls again.
 */
export function accountPokeJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.poke'>> {
  return async ({ accountId }, { job, token, logger }) => {
    try {
      const outcome = await pollAccount(deps, accountId, logger);
      if (outcome.kind === 'skipped' && outcome.why === 'busy') return delayJob(job, token, Date.now() + BUSY_RETRY_MS);
      if (outcome.kind !== 'polled') return;
      if (outcome.events > 0) logger.info('account polled on a webhook', { accountId, ...outcome });
      await settlePollMode(deps, accountId, { trigger: 'webhook', events: outcome.events }, logger);
    } catch (err) {
      const failure = classifyFailure(err);
      // The scheduled poll is the safety net: a rate-limited poke just ends.
      if (failure.kind === 'rate_limited') return;
      throw err;
    }
  };
}
