import { TABLES, type Knex } from '@datasync/db';

/** What one attempt to send a delivery came to. */
export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  /** Why it failed, in words safe to show (no response body, no secret). */
  error: string | null;
}

type Db = Knex | Knex.Transaction;

/**
 * Attempts kept per delivery, the latest: enough to show a failing history (three days of
 * backoff capped at an hour is about 75 attempts, but the pattern shows in the last few), bounded
 * so that an endpoint re-sent by hand for ever does not grow its delivery without end.
 */
export const ATTEMPTS_KEPT = 20;

export interface AttemptView {
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** Appends an attempt (once: a job run twice records nothing more) and drops those past the cap. */
export async function appendAttempt(db: Db, deliveryId: string, attempt: number, outcome: AttemptOutcome): Promise<void> {
  await db(TABLES.webhookDeliveryAttempts)
    .insert({
      delivery_id: deliveryId,
      attempt,
      status_code: outcome.statusCode,
      latency_ms: outcome.latencyMs,
      error: outcome.error,
    })
    .onConflict(['delivery_id', 'attempt'])
    .ignore();
  await db(TABLES.webhookDeliveryAttempts)
    .where({ delivery_id: deliveryId })
    .andWhere('attempt', '<=', attempt - ATTEMPTS_KEPT)
    .delete();
}

/** The kept attempts of each delivery, newest first. */
export async function attemptsOf(db: Db, deliveryIds: readonly string[]): Promise<Map<string, AttemptView[]>> {
  const byDelivery = new Map<string, AttemptView[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = (await db(TABLES.webhookDeliveryAttempts)
    .whereIn('delivery_id', deliveryIds)
    .orderBy([{ column: 'delivery_id' }, { column: 'attempt', order: 'desc' }])
    .select('delivery_id', 'attempt', 'attempted_at', 'status_code', 'latency_ms', 'error')) as {
    delivery_id: string;
    attempt: number;
    attempted_at: Date;
    status_code: number | null;
    latency_ms: number;
    error: string | null;
  }[];
  for (const row of rows) {
    const list = byDelivery.get(row.delivery_id) ?? [];
    list.push({
      attempt: row.attempt,
      attemptedAt: row.attempted_at,
      statusCode: row.status_code,
      latencyMs: row.latency_ms,
      error: row.error,
    });
    byDelivery.set(row.delivery_id, list);
  }
  return byDelivery;
}
