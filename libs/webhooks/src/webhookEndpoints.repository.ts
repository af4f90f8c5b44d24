import { TABLES, type Knex, type WebhookEndpointRow } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface WebhookEndpoint {
  id: string;
  environmentId: string;
  url: string;
  enabledEvents: string[];
  status: WebhookEndpointRow['status'];
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}

// The sealed secret stays out of the domain object: only the delivery reads it, by name.
const COLUMNS = ['id', 'environment_id', 'url', 'enabled_events', 'status', 'disabled_reason', 'failing_since', 'created_at'] as const;

function toEndpoint(row: Omit<WebhookEndpointRow, 'signing_secret' | 'updated_at'>): WebhookEndpoint {
  return {
    id: row.id,
    environmentId: row.environment_id,
    url: row.url,
    enabledEvents: row.enabled_events,
    status: row.status,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

export async function insertEndpoint(
  db: Db,
  values: { id: string; environmentId: string; url: string; enabledEvents: string[]; sealedSecret: string },
): Promise<WebhookEndpoint> {
  const [row] = (await db(TABLES.webhookEndpoints)
    .insert({
      id: values.id,
      environment_id: values.environmentId,
      url: values.url,
      enabled_events: values.enabledEvents,
      signing_secret: values.sealedSecret,
    })
    .returning([...COLUMNS])) as WebhookEndpointRow[];
  return toEndpoint(row as WebhookEndpointRow);
}

export async function listEndpoints(db: Db, environmentId: string): Promise<WebhookEndpoint[]> {
  const rows = (await db(TABLES.webhookEndpoints)
    .where({ environment_id: environmentId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select([...COLUMNS])) as WebhookEndpointRow[];
  return rows.map(toEndpoint);
}

export async function countEndpoints(db: Db, environmentId: string): Promise<number> {
  const row = (await db(TABLES.webhookEndpoints).where({ environment_id: environmentId }).count({ n: '*' }).first()) as { n: string };
  return Number(row.n);
}

export async function findEndpoint(db: Db, environmentId: string, id: string): Promise<WebhookEndpoint | undefined> {
  const row = (await db(TABLES.webhookEndpoints)
    .where({ environment_id: environmentId, id })
    .first([...COLUMNS])) as WebhookEndpointRow | undefined;
  return row ? toEndpoint(row) : undefined;
}

/** Deleting an endpoint deletes its deliveries (foreign key cascade); its events stay for other endpoints. */
export async function deleteEndpoint(db: Db, environmentId: string, id: string): Promise<boolean> {
  return (await db(TABLES.webhookEndpoints).where({ environment_id: environmentId, id }).delete()) > 0;
}

/** The sealed signing secret, for the delivery that signs with it. */
export async function sealedSecretOf(db: Db, id: string): Promise<{ environmentId: string; sealed: string } | undefined> {
  const row = (await db(TABLES.webhookEndpoints).where({ id }).first('environment_id', 'signing_secret')) as
    Pick<WebhookEndpointRow, 'environment_id' | 'signing_secret'> | undefined;
  return row ? { environmentId: row.environment_id, sealed: row.signing_secret } : undefined;
}

/** Changes an endpoint. Enabling it again ends its failing streak; a user's disable names itself as the reason. */
export async function updateEndpoint(
  db: Db,
  environmentId: string,
  id: string,
  changes: { url?: string; enabledEvents?: string[]; disabled?: boolean },
): Promise<WebhookEndpoint | undefined> {
  const update: Record<string, unknown> = { updated_at: db.fn.now() };
  if (changes.url !== undefined) update.url = changes.url;
  if (changes.enabledEvents !== undefined) update.enabled_events = changes.enabledEvents;
  if (changes.disabled === false) Object.assign(update, { status: 'enabled', disabled_reason: null, failing_since: null });
  if (changes.disabled === true)
    Object.assign(update, { status: 'disabled', disabled_reason: 'Disabled through the API or the dashboard.' });
  const [row] = (await db(TABLES.webhookEndpoints)
    .where({ environment_id: environmentId, id })
    .update(update)
    .returning([...COLUMNS])) as WebhookEndpointRow[];
  // Disabled: nothing more goes out, what was owed included (as when it is disabled for failing).
  if (row && changes.disabled === true) {
    await db(TABLES.webhookDeliveries)
      .where({ endpoint_id: id, status: 'pending' })
      .update({ status: 'failed', next_attempt_at: null, last_error: 'endpoint disabled', updated_at: db.fn.now() });
  }
  return row ? toEndpoint(row) : undefined;
}
