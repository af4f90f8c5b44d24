import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';
import { dueVerifications, interruptedVerifications } from './dueVerifications.repository';

/**
 * The rolling schedule, one pass (the reconciler's): a check in progress whose job is gone gets
 * one again (it goes on from its saved windows); then every account whose tables are due gets a
 * verification, full when its last full check is older than its interval, else of the recent
 * window. A verification still queued or running is left alone. Returns how many were enqueued.
 */
export async function enqueueDueVerifications(deps: LoaderDeps, logger: Logger, limit: number): Promise<number> {
  const { verifyFullEveryMinutes: fullMinutes, verifyRecentEveryMinutes: recentMinutes } = deps.settings;
  let enqueued = 0;
  const wanted = [
    ...(await interruptedVerifications(deps.knex, limit)),
    ...(await dueVerifications(deps.knex, { fullMinutes, recentMinutes }, limit)),
  ];
  for (const due of wanted) {
    if (await deps.queues.isLive('account.verify', due)) continue;
    await deps.queues.enqueueAgain('account.verify', due);
    logger.debug('verification due; enqueued', { ...due });
    enqueued += 1;
  }
  return enqueued;
}
