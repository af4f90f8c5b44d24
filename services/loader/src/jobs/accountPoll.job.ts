import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import { classifyFailure } from '../backfill/failures';
import type { LoaderDeps } from '../deps';
import { pollAccount } from '../incremental/pollAccount';
import { unschedulePoll } from '../incremental/pollSchedule';
import { settlePollMode } from '../incremental/pollMode';
import { recordFailure } from '../state/accountStates.repository';
import { findAccount } from '../targets/targets.repository';

/**
 * `account.poll`: run by the account's job scheduler (every LOADER_POLL_INTERVAL_MS, longer while
 * the account is idle or its source's webhooks are healthy: pollMode). The next
 * tick is the retry: a rate-limited poll just ends (its cursor kept every committed page), and a
 * failed one shows the account in `error` until a poll succeeds (a table or column missing from
 * the destination asks for an attach, which creates it again). A paused or deleted account's
 * scheduler removes itself.
 */
export function accountPollJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.poll'>> {
  return async ({ accountId }, { logger }) => {
    try {
      const outcome = await pollAccount(deps, accountId, logger);
      if (outcome.kind === 'skipped' && (outcome.why === 'gone' || outcome.why === 'inactive')) {
        await unschedulePoll(deps, accountId);
        logger.info('poll of an account that no longer loads; scheduler removed', { accountId, why: outcome.why });
      } else if (outcome.kind === 'polled' && (outcome.events > 0 || outcome.resyncs > 0)) {
        logger.info('account polled', { accountId, ...outcome });
      }
      if (outcome.kind === 'polled') await settlePollMode(deps, accountId, { trigger: 'schedule', events: outcome.events }, logger);
    } catch (err) {
      const failure = classifyFailure(err);
      if (failure.kind === 'rate_limited') {
        logger.info('poll stopped by the rate limit; the next tick goes on', { accountId, retryAfterMs: failure.retryAfterMs });
        return;
      }
      logger.warn('poll failed', { accountId, code: failure.code, error: err instanceof Error ? err.message : String(err) });
      const account = await findAccount(deps.knex, accountId);
      if (account) {
        await recordFailure(deps.knex, account, {
          code: failure.code,
          reason: failure.reason,
          gaveUp: false,
          retry: deps.settings.errorRetry,
        });
        // A table or column gone from the destination: no poll can write until an attach creates
        // it again and resyncs what it held (backfill/recreatedTable.ts), so the attach is asked now.
        if (failure.code === 'table_changed' && account.active && !account.deleting) {
          await deps.queues.enqueueAgain('account.attach', { accountId });
        }
      }
      throw err;
    }
  };
}
