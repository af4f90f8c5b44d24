import type { SecretBox } from '@datasync/crypto';
import { TABLES, sealedPlace, type Knex, type WebhookDeliveryRow, type WebhookEventRow } from '@datasync/db';
import type { RetryPolicy } from './backoff';
import type { UrlGuard } from './endpointUrl';
import { sendEvent } from './sendEvent';
import { recordFailure, recordSuccess } from './webhookDeliveries.lifecycle';
import { sealedSecretOf } from './webhookEndpoints.repository';

export interface DeliverDeps {
  knex: Knex;
  secretBox: SecretBox;
  guard: UrlGuard;
  policy: RetryPolicy;
  timeoutMs: number;
}

export type DeliverResult = 'succeeded' | 'retrying' | 'failed' | 'skipped';

/**
 * Makes attempt `attempt` of a delivery. Skipped when that attempt is already recorded (the job
 * ran before) or the delivery is settled or gone; the send itself may then have happened twice,
 * which at-least-once delivery allows (receivers dedupe by event id).
 */
export async function deliverWebhook(deps: DeliverDeps, deliveryId: string, attempt: number): Promise<DeliverResult> {
  const { knex } = deps;
  const delivery = (await knex(TABLES.webhookDeliveries).where({ id: deliveryId }).first()) as WebhookDeliveryRow | undefined;
  if (!delivery || delivery.status !== 'pending' || delivery.attempts !== attempt - 1) return 'skipped';
  const [event, endpoint, sealed] = await Promise.all([
    knex(TABLES.webhookEvents).where({ id: delivery.event_id }).first('payload') as Promise<Pick<WebhookEventRow, 'payload'> | undefined>,
    knex(TABLES.webhookEndpoints).where({ id: delivery.endpoint_id }).first('url') as Promise<{ url: string } | undefined>,
    sealedSecretOf(knex, delivery.endpoint_id),
  ]);
  if (!event || !endpoint || !sealed) return 'skipped';
  const secret = deps.secretBox.open(sealed.sealed, sealed.environmentId, sealedPlace('webhookSigningSecret', delivery.endpoint_id));
  const body = JSON.stringify(event.payload);
  const outcome = await sendEvent(endpoint.url, secret, body, { guard: deps.guard, timeoutMs: deps.timeoutMs });
  if (outcome.ok) {
    await recordSuccess(knex, deliveryId, attempt, outcome);
    return 'succeeded';
  }
  const failure = await recordFailure(knex, deliveryId, attempt, outcome, deps.policy);
  return failure.gaveUp ? 'failed' : 'retrying';
}
