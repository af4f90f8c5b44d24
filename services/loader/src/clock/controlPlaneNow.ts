import type { Knex } from '@datasync/db';

/** The control plane's time itself (not the transaction's start, which `now()` would give). */
export async function controlPlaneNow(db: Knex | Knex.Transaction): Promise<Date> {
  const { rows } = await db.raw<{ rows: Array<{ now: Date }> }>('SELECT clock_timestamp() AS now');
  const now = rows[0]?.now;
  if (!(now instanceof Date)) throw new Error('the control-plane clock answered no time');
  return now;
}
