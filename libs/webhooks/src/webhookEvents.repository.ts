import { randomBytes } from 'node:crypto';
import { TABLES, type Knex, type WebhookEventRow } from '@datasync/db';
import type { WebhookEventType } from './eventTypes';
import { ALL_EVENTS } from './eventTypes';

type Db = Knex | Knex.Transaction;

/** What an event tells beside the account; snake_case, as it is sent. Never a secret. */
export type EventData = Record<string, unknown>;

export interface EmittedEvent {
  id: string;
  deliveries: number;
}

function eventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/**
 * Records an integrator event about an account, and a pending delivery for each enabled endpoint
 * of its environment that asked for the type. Call it with the transaction that makes the change:
 * the event then exists exactly when the change does (an outbox), and the loader's dispatcher
 * sends it after commit. Returns undefined when the account no longer exists.
 */
export async function emitAccountEvent(
  db: Db,
  accountId: string,
  type: WebhookEventType,
  data: EventData = {},
): Promise<EmittedEvent | undefined> {
  const account = (await db(TABLES.accounts).where({ id: accountId }).first('environment_id', 'identifier', 'source_type')) as
    { environment_id: string; identifier: string; source_type: string } | undefined;
  if (!account) return undefined;
  const id = eventId();
  const now = new Date();
  const payload = {
    id,
    object: 'event',
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { account: { source_type: account.source_type, identifier: account.identifier }, ...data },
  };
  const row: WebhookEventRow = {
    id,
    environment_id: account.environment_id,
    type,
    account_id: accountId,
    payload,
    created_at: now,
  };
  await db(TABLES.webhookEvents).insert(row);
  const inserted = (await db.raw(
    `insert into ${TABLES.webhookDeliveries} (event_id, endpoint_id, next_attempt_at)
     select :eventId, e.id, now() from ${TABLES.webhookEndpoints} e
     where e.environment_id = :environmentId and e.status = 'enabled'
       and (:type = any(e.enabled_events) or :all = any(e.enabled_events))
     returning id`,
    { eventId: id, environmentId: account.environment_id, type, all: ALL_EVENTS },
  )) as { rows: unknown[] };
  return { id, deliveries: inserted.rows.length };
}
