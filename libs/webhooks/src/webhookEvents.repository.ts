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
 * sends it after commit. An event no endpoint wants is not stored (most environments have none,
 * and status changes are frequent). Returns undefined when nothing was stored.
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
  const wanting = await endpointsWanting(db, account.environment_id, type);
  if (wanting.length === 0) return undefined;
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
  await db(TABLES.webhookDeliveries).insert(wanting.map((e) => ({ event_id: id, endpoint_id: e.id, next_attempt_at: db.fn.now() })));
  return { id, deliveries: wanting.length };
}

/**
 * The ids of an environment's enabled endpoints that asked for the type, as a query to run or to
 * nest in another statement (a toggle asks it inside its own UPDATE, so that it pays for a
 * transaction only when an endpoint wants the event). `type` may be a placeholder of a prepared
 * statement, hence a string.
 */
export function endpointsWantingQuery(db: Db, environmentId: string, type: string): Knex.QueryBuilder {
  return db(TABLES.webhookEndpoints)
    .where({ environment_id: environmentId, status: 'enabled' })
    .whereRaw('(? = any(enabled_events) or ? = any(enabled_events))', [type, ALL_EVENTS])
    .select('id');
}

/** The enabled endpoints of an environment that asked for the type. */
export async function endpointsWanting(db: Db, environmentId: string, type: WebhookEventType): Promise<{ id: string }[]> {
  return (await endpointsWantingQuery(db, environmentId, type)) as { id: string }[];
}
