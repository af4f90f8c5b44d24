import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

/** The interval the loader gave the account's poll scheduler, when a poll last found a gap in webhook deliveries, and when one last applied changes. */
export interface PollMode {
  intervalMs: number;
  gapFoundAt: Date | null;
  changedAt: Date | null;
}

/** When deliveries last reached the account's source, and named the account (accounts-api writes both). */
export interface WebhookActivity {
  sourceReceivedAt: Date | null;
  accountReceivedAt: Date | null;
}

export async function findPollMode(db: Db, accountId: string): Promise<PollMode | undefined> {
  const row = (await db(TABLES.accountPollModes).where({ account_id: accountId }).first('interval_ms', 'gap_found_at', 'changed_at')) as
    { interval_ms: number; gap_found_at: Date | null; changed_at: Date | null } | undefined;
  return row && { intervalMs: row.interval_ms, gapFoundAt: row.gap_found_at, changedAt: row.changed_at };
}

export async function savePollMode(db: Db, accountId: string, mode: PollMode): Promise<void> {
  await db(TABLES.accountPollModes)
    .insert({
      account_id: accountId,
      interval_ms: mode.intervalMs,
      gap_found_at: mode.gapFoundAt,
      changed_at: mode.changedAt,
      updated_at: db.fn.now(),
    })
    .onConflict('account_id')
    .merge();
}

export async function webhookActivity(db: Db, accountId: string): Promise<WebhookActivity> {
  const row = (await db(`${TABLES.accounts} as a`)
    .join(`${TABLES.sources} as s`, 's.id', 'a.source_id')
    .leftJoin(`${TABLES.accountWebhookReceipts} as r`, 'r.account_id', 'a.id')
    .where('a.id', accountId)
    .first('s.webhook_received_at as source_received_at', 'r.received_at as account_received_at')) as
    { source_received_at: Date | null; account_received_at: Date | null } | undefined;
  return { sourceReceivedAt: row?.source_received_at ?? null, accountReceivedAt: row?.account_received_at ?? null };
}
