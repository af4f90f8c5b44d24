import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';
import { findPollMode, savePollMode, webhookActivity, type PollMode, type WebhookActivity } from './pollModes.repository';
import { schedulePollEvery } from './pollSchedule';

export interface PollRun {
  /** `webhook`: an `account.poke`; `schedule`: the account's own scheduler. */
  trigger: 'webhook' | 'schedule';
  /** Events the poll applied that no earlier poll had. */
  events: number;
}

export type PollModeSettings = Pick<
  LoaderDeps['settings'],
  'pollIntervalMs' | 'pollIdleIntervalMs' | 'pollActiveForMs' | 'pollIntervalWithWebhooksMs' | 'webhooksHealthyForMs' | 'webhookGapGraceMs'
>;

/** The mode of an account no poll has settled yet: polled often, as if it had just changed. */
export function initialPollMode(settings: Pick<PollModeSettings, 'pollIntervalMs'>): PollMode {
  return { intervalMs: settings.pollIntervalMs, gapFoundAt: null, changedAt: null };
}

/**
 * The poll interval an account should have after `run` (docs/incremental-sync.md, docs/webhooks.md):
 *
 * - stretched to the webhook interval while its source's webhooks are healthy, unless a gap was
 *   found and no webhook has named the account since. A gap is a scheduled poll that found
 *   changes while the source's webhooks were healthy and none had named the account for a while:
 *   a webhook would have brought them first.
 * - otherwise the normal interval while the account changed within `pollActiveForMs`, and the
 *   idle interval after that: most accounts are idle most of the time, and an idle poll costs a
 *   provider request and the loader's work for nothing. The first change an idle account makes
 *   waits at most the idle interval; the next ones the normal interval.
 *
 * An account no poll has settled yet counts as changed now.
 */
export function nextPollMode(settings: PollModeSettings, current: PollMode, activity: WebhookActivity, run: PollRun, now: Date): PollMode {
  const healthy = activity.sourceReceivedAt !== null && now.getTime() - activity.sourceReceivedAt.getTime() < settings.webhooksHealthyForMs;
  const announcedRecently =
    activity.accountReceivedAt !== null && now.getTime() - activity.accountReceivedAt.getTime() < settings.webhookGapGraceMs;
  const gap = healthy && run.trigger === 'schedule' && run.events > 0 && !announcedRecently;
  const gapFoundAt = gap && current.gapFoundAt === null ? now : current.gapFoundAt;
  const gapHealed = gapFoundAt === null || (activity.accountReceivedAt !== null && activity.accountReceivedAt > gapFoundAt);
  const changedAt = run.events > 0 || current.changedAt === null ? now : current.changedAt;
  const active = now.getTime() - changedAt.getTime() < settings.pollActiveForMs;
  let intervalMs = active ? settings.pollIntervalMs : settings.pollIdleIntervalMs;
  if (healthy && gapHealed) intervalMs = Math.max(intervalMs, settings.pollIntervalWithWebhooksMs);
  return { intervalMs, gapFoundAt: gapHealed ? null : gapFoundAt, changedAt };
}

const sameTime = (a: Date | null, b: Date | null): boolean => a?.getTime() === b?.getTime();

/** Applies nextPollMode: the scheduler is replaced only when the interval changes, the row only when something does. */
export async function settlePollMode(deps: LoaderDeps, accountId: string, run: PollRun, logger: Logger): Promise<void> {
  const current = (await findPollMode(deps.knex, accountId)) ?? initialPollMode(deps.settings);
  const next = nextPollMode(deps.settings, current, await webhookActivity(deps.knex, accountId), run, new Date());
  const intervalChanged = next.intervalMs !== current.intervalMs;
  if (!intervalChanged && sameTime(next.gapFoundAt, current.gapFoundAt) && sameTime(next.changedAt, current.changedAt)) return;
  // The scheduler first: if Redis fails, the recorded interval is still the old one and the next poll tries again.
  if (intervalChanged) await schedulePollEvery(deps, accountId, next.intervalMs);
  await savePollMode(deps.knex, accountId, next);
  if (intervalChanged) {
    logger.info('poll interval changed', { accountId, intervalMs: next.intervalMs, webhookGap: next.gapFoundAt !== null });
  }
}
