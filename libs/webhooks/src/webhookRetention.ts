import { TABLES, type Knex } from '@datasync/db';

/**
 * Removes up to `limit` events older than `retentionMs`, oldest first, and with them (foreign
 * keys, on delete cascade) their deliveries and the deliveries' attempts. Events are given up on
 * after days (LOADER_WEBHOOK_GIVE_UP_HOURS), so nothing still owed is removed at a retention of
 * weeks. Returns how many events went; a pass that removes `limit` leaves the rest to the next.
 */
export async function pruneWebhookEvents(db: Knex, retentionMs: number, limit: number): Promise<number> {
  const { rowCount } = (await db.raw(
    `delete from ${TABLES.webhookEvents} where id in (
       select id from ${TABLES.webhookEvents}
       where created_at < now() - make_interval(secs => :retentionMs / 1000.0)
       order by created_at limit :limit)`,
    { retentionMs, limit },
  )) as { rowCount: number };
  return rowCount;
}
