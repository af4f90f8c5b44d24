import { TABLES, type Knex, type WebhookDeliveryRow } from '@datasync/db';
import { attemptsOf, type AttemptView } from './webhookDeliveryAttempts.repository';

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  eventCreated: Date;
  status: WebhookDeliveryRow['status'];
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  /** The kept attempts, newest first. */
  attemptLog: AttemptView[];
}

type Row = WebhookDeliveryRow & { event_type: string; event_created: Date };

/** An endpoint's delivery log, newest event first (one delivery when `deliveryId` is given). */
export async function listDeliveries(db: Knex, endpointId: string, limit: number, deliveryId?: string): Promise<DeliveryView[]> {
  const query = db(`${TABLES.webhookDeliveries} as d`)
    .join(`${TABLES.webhookEvents} as e`, 'e.id', 'd.event_id')
    .where('d.endpoint_id', endpointId)
    .orderBy([
      { column: 'e.created_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])
    .limit(limit)
    .select('d.*', 'e.type as event_type', 'e.created_at as event_created');
  if (deliveryId !== undefined) query.where('d.id', deliveryId);
  const rows = (await query) as Row[];
  const attempts = await attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.event_type,
    eventCreated: r.event_created,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastLatencyMs: r.last_latency_ms,
    lastError: r.last_error,
    lastAttemptAt: r.last_attempt_at,
    // A pending delivery's next attempt; the lease a claim sets is an implementation detail, but still the next time it may go.
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    attemptLog: attempts.get(r.id) ?? [],
  }));
}
