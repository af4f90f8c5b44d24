import { QueueUnavailableError } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { hasCompletedRun } from './pollAccounts.repository';
import { findPollMode } from './pollModes.repository';

type ScheduleDeps = Pick<LoaderDeps, 'producer' | 'settings' | 'knex'>;

/**
 * The account's `account.poll` job scheduler (one per active account; docs/incremental-sync.md, Polling). Creating it
 * again replaces it, so every path that may resume loading calls this without checking first.
 * Its interval is the one pollMode last chose for the account (the normal one by default).
 */
export async function schedulePoll(deps: ScheduleDeps, accountId: string): Promise<void> {
  const mode = await findPollMode(deps.knex, accountId);
  await schedulePollEvery(deps, accountId, mode?.intervalMs ?? deps.settings.pollIntervalMs);
}

/** The scheduler at `everyMs`; only pollMode chooses another interval than the account's recorded one. */
export async function schedulePollEvery(deps: Pick<LoaderDeps, 'producer'>, accountId: string, everyMs: number): Promise<void> {
  await deps.producer.schedule('account.poll', { accountId }, { everyMs });
}

/** Removes the scheduler; a poll already running finishes (and skips an inactive account). */
export async function unschedulePoll(deps: Pick<LoaderDeps, 'producer'>, accountId: string): Promise<boolean> {
  return deps.producer.unschedule('account.poll', { accountId });
}

/**
 * schedulePoll for paths where Redis being away must not fail the work done (the attach): the
 * reconciler restores a scheduler that could not be created.
 */
export async function ensurePollScheduled(deps: ScheduleDeps & Pick<LoaderDeps, 'logger'>, accountId: string): Promise<void> {
  try {
    await schedulePoll(deps, accountId);
  } catch (err) {
    if (!(err instanceof QueueUnavailableError)) throw err;
    deps.logger.warn('poll scheduler not created; the reconciler will', { accountId });
  }
}

/** ensurePollScheduled once one of the account's tables is loaded (a completed run): before, a poll has nothing to do. */
export async function schedulePollIfLoaded(
  deps: Pick<LoaderDeps, 'knex' | 'producer' | 'settings' | 'logger'>,
  accountId: string,
): Promise<void> {
  if (await hasCompletedRun(deps.knex, accountId)) await ensurePollScheduled(deps, accountId);
}
