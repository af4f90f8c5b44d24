import { TABLES, type Knex, type LoaderStatus } from '@datasync/db';
import { emitAccountEvent } from '@datasync/webhooks';

type Db = Knex | Knex.Transaction;

/** The account's status before a change, its row locked until the transaction ends (so two changes see each other). */
export async function lockedStatus(trx: Db, accountId: string): Promise<LoaderStatus | undefined> {
  const row = (await trx(TABLES.accountStates).where({ account_id: accountId }).forUpdate().first('status')) as
    { status: LoaderStatus } | undefined;
  return row?.status;
}

/**
 * The integrator events (libs/webhooks) a status change means, written in the transaction that
 * changes it: `account.error` on entering error, `account.recovered` on leaving it, `account.live`
 * on becoming live. Nothing when the status did not move.
 */
export async function emitStatusEvents(
  db: Db,
  accountId: string,
  before: LoaderStatus | undefined,
  after: LoaderStatus,
  error?: { code: string; message: string },
): Promise<void> {
  if (before === after) return;
  if (after === 'error') await emitAccountEvent(db, accountId, 'account.error', { error: error ?? { code: 'unknown', message: '' } });
  if (before === 'error') await emitAccountEvent(db, accountId, 'account.recovered');
  if (after === 'live') await emitAccountEvent(db, accountId, 'account.live');
}
