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

type Settings = Pick<
  LoaderDeps['settings'],
  'pollIntervalMs' | 'pollIntervalWithWebhooksMs' | 'webhooksHealthyForMs' | 'webhookGapGraceMs'
>;

/**
 * The poll interval an account should have after `run` (docs/webhooks.md): stretched while its
 * source's webhooks are healthy; back to normal after a gap, until a webhook names the account
 * again. A gap is a scheduled poll of a stretched account that found changes while no webhook had
 * named the account for a while: a webhook would have brought them first.
 */
export function nextPollMode(settings: Settings, current: PollMode, activity: WebhookActivity, run: PollRun, now: Date): PollMode {
  const stretched = current.intervalMs > settings.pollIntervalMs;
  const announcedRecently =
    activity.accountReceivedAt !== null && now.getTime() - activity.accountReceivedAt.getTime() < settings.webhookGapGraceMs;
  const gapFoundAt = stretched && run.trigger === 'schedule' && run.events > 0 && !announcedRecently ? now : current.gapFoundAt;
  const healthy = activity.sourceReceivedAt !== null && now.getTime() - activity.sourceReceivedAt.getTime() < settings.webhooksHealthyForMs;
  const gapHealed = gapFoundAt === null || (activity.accountReceivedAt !== null && activity.accountReceivedAt > gapFoundAt);
  return {
    intervalMs: healthy && gapHealed ? settings.pollIntervalWithWebhooksMs : settings.pollIntervalMs,
    gapFoundAt: gapHealed ? null : gapFoundAt,
  };
}

/** Applies nextPollMode: the scheduler is replaced only when the interval changes. */
export async function settlePollMode(deps: LoaderDeps, accountId: string, run: PollRun, logger: Logger): Promise<void> {
  const current = (await findPollMode(deps.knex, accountId)) ?? { intervalMs: deps.settings.pollIntervalMs, gapFoundAt: null };
  const next = nextPollMode(deps.settings, current, await webhookActivity(deps.knex, accountId), run, new Date());
  if (next.intervalMs === current.intervalMs && next.gapFoundAt?.getTime() === current.gapFoundAt?.getTime()) return;
  // The scheduler first: if Redis fails, the recorded interval is still the old one and the next poll tries again.
  if (next.intervalMs !== current.intervalMs) await schedulePollEvery(deps, accountId, next.intervalMs);
  await savePollMode(deps.knex, accountId, next);
  if (next.intervalMs !== current.intervalMs) {
    logger.info('poll interval changed', { accountId, intervalMs: next.intervalMs, webhookGap: next.gapFoundAt !== null });
  }
}
