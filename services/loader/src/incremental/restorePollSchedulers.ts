import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';
import { accountsToPoll } from './pollAccounts.repository';
import { schedulePoll, unschedulePoll } from './pollSchedule';

const POLL_SCHEDULER_PREFIX = 'poll-';

/**
 * The reconciler's check of the poll schedulers: every active account that has been attached gets
 * one (a scheduler lost with Redis, or a resume whose enqueue failed), and schedulers of accounts
 * that are paused, being deleted or gone are removed (a pause whose job never ran).
 */
export async function restorePollSchedulers(deps: LoaderDeps, logger: Logger): Promise<{ added: number; removed: number }> {
  const wanted = new Set(await accountsToPoll(deps.knex));
  const existing = new Set(
    (await deps.queues.schedulerIds('incremental'))
      .filter((id) => id.startsWith(POLL_SCHEDULER_PREFIX))
      .map((id) => id.slice(POLL_SCHEDULER_PREFIX.length)),
  );
  let added = 0;
  let removed = 0;
  for (const accountId of wanted) {
    if (existing.has(accountId)) continue;
    await schedulePoll(deps, accountId);
    added += 1;
  }
  for (const accountId of existing) {
    if (wanted.has(accountId)) continue;
    await unschedulePoll(deps, accountId);
    removed += 1;
  }
  if (added + removed > 0) logger.info('poll schedulers restored', { added, removed });
  return { added, removed };
}
