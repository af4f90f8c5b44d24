import { TABLES, type Knex, type WebhookDeliveryRow } from '@datasync/db';
import { retryDelayMs, type RetryPolicy } from './backoff';
import { appendAttempt, type AttemptOutcome } from './webhookDeliveryAttempts.repository';

type Db = Knex | Knex.Transaction;

/**
 * The one owner of a delivery's state (STYLE: a lifecycle is one module with named transitions).
 *
 *   pending ──claim──▶ pending (leased) ──succeed──▶ succeeded
 *                         │ fail ──▶ pending (next_attempt_at = backoff) … ──▶ failed (window over)
 *   succeeded | failed ──resend──▶ pending (now)
 *
 * Each transition after a claim names the attempt it records, so a job that runs twice (BullMQ's
 * at-least-once) records its attempt once; the delivery row keeps the last attempt, and
 * webhook_delivery_attempts every one (the latest ATTEMPTS_KEPT), in the same transaction.
 */

export interface DueDelivery {
  id: string;
  /** The attempt the job makes: attempts so far + 1. */
  attempt: number;
}

/**
 * Takes due deliveries for enqueuing, pushing their next attempt one lease ahead so that another
 * dispatcher does not take them too, and so that a job lost with Redis is taken again after it.
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  const { rows } = (await db.raw(
    `update ${TABLES.webhookDeliveries} d set next_attempt_at = now() + make_interval(secs => :leaseMs / 1000.0), updated_at = now()
     where d.id in (
       select id from ${TABLES.webhookDeliveries}
       where status = 'pending' and next_attempt_at <= now()
       order by next_attempt_at limit :limit for update skip locked)
     returning d.id, d.attempts`,
    { limit, leaseMs },
  )) as { rows: { id: string; attempts: number }[] };
  return rows.map((r) => ({ id: r.id, attempt: r.attempts + 1 }));
}

/** Records a 2xx answer. The endpoint works: its failing streak ends, and a disabled one is enabled again. */
export async function recordSuccess(db: Db, id: string, attempt: number, outcome: AttemptOutcome): Promise<boolean> {
  if (!db.isTransaction) return db.transaction((trx) => recordSuccess(trx, id, attempt, outcome));
  const [row] = (await db(TABLES.webhookDeliveries)
    .where({ id, status: 'pending', attempts: attempt - 1 })
    .update({
      status: 'succeeded',
      attempts: attempt,
      last_status_code: outcome.statusCode,
      last_latency_ms: outcome.latencyMs,
      last_error: null,
      last_attempt_at: db.fn.now(),
      next_attempt_at: null,
      updated_at: db.fn.now(),
    })
    .returning('endpoint_id')) as Pick<WebhookDeliveryRow, 'endpoint_id'>[];
  if (!row) return false;
  await appendAttempt(db, id, attempt, outcome);
  await db(TABLES.webhookEndpoints)
    .where({ id: row.endpoint_id })
    .update({ failing_since: null, status: 'enabled', disabled_reason: null, updated_at: db.fn.now() });
  return true;
}

export interface FailureResult {
  recorded: boolean;
  gaveUp: boolean;
  endpointDisabled: boolean;
}

/**
 * Records a failed attempt: the next one after the backoff, or `failed` once the event is older
 * than the retry window. An endpoint failing without a success for `disableAfterMs` is disabled,
 * with the reason shown in the API and the dashboard, and its pending deliveries fail with it.
 */
export async function recordFailure(
  db: Db,
  id: string,
  attempt: number,
  outcome: AttemptOutcome,
  policy: RetryPolicy,
): Promise<FailureResult> {
  if (!db.isTransaction) return db.transaction((trx) => recordFailure(trx, id, attempt, outcome, policy));
  const { rows } = (await db.raw(
    `update ${TABLES.webhookDeliveries} d set
       attempts = :attempt,
       last_status_code = :statusCode, last_latency_ms = :latencyMs, last_error = :error, last_attempt_at = now(),
       status = case when ev.created_at < now() - make_interval(secs => :giveUpMs / 1000.0) then 'failed' else 'pending' end,
       next_attempt_at = case when ev.created_at < now() - make_interval(secs => :giveUpMs / 1000.0) then null
                              else now() + make_interval(secs => :delayMs / 1000.0) end,
       updated_at = now()
     from ${TABLES.webhookEvents} ev
     where d.id = :id and d.status = 'pending' and d.attempts = :attempt - 1 and ev.id = d.event_id
     returning d.status, d.endpoint_id`,
    {
      id,
      attempt,
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      giveUpMs: policy.giveUpAfterMs,
      delayMs: retryDelayMs(attempt, policy),
    },
  )) as { rows: { status: string; endpoint_id: string }[] };
  const row = rows[0];
  if (!row) return { recorded: false, gaveUp: false, endpointDisabled: false };
  await appendAttempt(db, id, attempt, outcome);
  const { rows: disabled } = (await db.raw(
    `update ${TABLES.webhookEndpoints} set
       failing_since = coalesce(failing_since, now()),
       status = case when status = 'enabled' and coalesce(failing_since, now()) < now() - make_interval(secs => :disableMs / 1000.0)
                then 'disabled' else status end,
       disabled_reason = case when status = 'enabled' and coalesce(failing_since, now()) < now() - make_interval(secs => :disableMs / 1000.0)
                then :reason else disabled_reason end,
       updated_at = now()
     where id = :endpointId
     returning status`,
    {
      endpointId: row.endpoint_id,
      disableMs: policy.disableAfterMs,
      reason: `Every delivery failed for ${Math.round(policy.disableAfterMs / 3_600_000)} hours; the endpoint was disabled. Re-send a delivery that then succeeds to enable it again.`,
    },
  )) as { rows: { status: string }[] };
  // A disabled endpoint gets no automatic retries: a failed manual re-send to it fails at once.
  const endpointDisabled = disabled[0]?.status === 'disabled';
  if (endpointDisabled) {
    await db(TABLES.webhookDeliveries)
      .where({ endpoint_id: row.endpoint_id, status: 'pending' })
      .update({ status: 'failed', next_attempt_at: null, last_error: 'endpoint disabled', updated_at: db.fn.now() });
  }
  return { recorded: true, gaveUp: row.status === 'failed' || endpointDisabled, endpointDisabled };
}

/** A manual re-send: the delivery is attempted again at once, whatever its state. */
export async function resendDelivery(db: Db, endpointId: string, id: string): Promise<boolean> {
  return (
    (await db(TABLES.webhookDeliveries)
      .where({ id, endpoint_id: endpointId })
      .update({ status: 'pending', next_attempt_at: db.fn.now(), updated_at: db.fn.now() })) > 0
  );
}
