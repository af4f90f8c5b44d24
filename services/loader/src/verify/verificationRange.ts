import type { VerifyScope } from '@datasync/queue';
import type { LoaderSettings } from '../deps';

/**
 * The `created` range a new check covers (unix seconds, [from, through)). It ends `verifySettleS`
 * before now: an object created in the last moments may still be on its way through the poll,
 * and listing it would count it as drift. A recent check starts `verifyRecentDays` back.
 */
export function verificationRange(
  scope: VerifyScope,
  nowMs: number,
  settings: Pick<LoaderSettings, 'verifySettleS' | 'verifyRecentDays'>,
): { from: number | null; through: number } {
  const through = Math.floor(nowMs / 1000) - settings.verifySettleS + 1;
  const from = scope === 'full' ? null : through - Math.round(settings.verifyRecentDays * 86_400);
  return { from, through };
}
