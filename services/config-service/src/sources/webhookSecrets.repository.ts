import { TABLES, type Knex, type SourceWebhookSecretRow } from '@datasync/db';

type Db = Knex | Knex.Transaction;

/** What may be shown of a signing secret: never the secret itself. */
export interface WebhookSecretInfo {
  id: string;
  createdAt: Date;
  expiresAt: Date | null;
}

function toInfo(row: Pick<SourceWebhookSecretRow, 'id' | 'created_at' | 'expires_at'>): WebhookSecretInfo {
  return { id: row.id, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** The source's secrets that still verify, newest first. */
export async function listLiveWebhookSecrets(db: Db, sourceId: string, now: Date): Promise<WebhookSecretInfo[]> {
  const rows = (await db(TABLES.sourceWebhookSecrets)
    .where({ source_id: sourceId })
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
    .orderBy('created_at', 'desc')
    .select('id', 'created_at', 'expires_at')) as SourceWebhookSecretRow[];
  return rows.map(toInfo);
}

/**
 * Rotation: the secrets in use until now stop verifying at `previousUntil` (at once when it is
 * `now`; null leaves them as they are), expired ones are removed, and the new one (sealed by the
 * caller for row `id`) is current.
 */
export async function rotateWebhookSecret(
  trx: Knex.Transaction,
  values: { id: string; environmentId: string; sourceId: string; sealedSecret: string; now: Date; previousUntil: Date | null },
): Promise<void> {
  await trx(TABLES.sourceWebhookSecrets).where({ source_id: values.sourceId }).andWhere('expires_at', '<=', values.now).delete();
  const until = values.previousUntil;
  if (until !== null) {
    await trx(TABLES.sourceWebhookSecrets)
      .where({ source_id: values.sourceId })
      .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', until))
      .update({ expires_at: until });
    if (until <= values.now) {
      await trx(TABLES.sourceWebhookSecrets).where({ source_id: values.sourceId }).andWhere('expires_at', '<=', values.now).delete();
    }
  }
  await trx(TABLES.sourceWebhookSecrets).insert({
    id: values.id,
    environment_id: values.environmentId,
    source_id: values.sourceId,
    secret: values.sealedSecret,
    created_at: values.now,
  });
}

/** When a verified delivery last reached the source's endpoint, and how many named accounts it does not load (accounts-api writes both). */
export async function webhookDeliveries(
  db: Db,
  sourceId: string,
): Promise<{ lastReceivedAt: Date | null; unroutedEvents: number; connectLifecycle: boolean }> {
  const row = (await db(TABLES.sources)
    .where({ id: sourceId })
    .first('webhook_received_at', 'webhook_unrouted_events', 'webhook_connect_lifecycle')) as
    { webhook_received_at: Date | null; webhook_unrouted_events: string; webhook_connect_lifecycle: boolean } | undefined;
  return {
    lastReceivedAt: row?.webhook_received_at ?? null,
    unroutedEvents: Number(row?.webhook_unrouted_events ?? 0),
    connectLifecycle: row?.webhook_connect_lifecycle ?? false,
  };
}

/** Opts the source in or out of the provider's Connect lifecycle; whether it changed. */
export async function setConnectLifecycle(db: Db, sourceId: string, enabled: boolean): Promise<boolean> {
  return (
    (await db(TABLES.sources)
      .where({ id: sourceId })
      .whereNot('webhook_connect_lifecycle', enabled)
      .update({ webhook_connect_lifecycle: enabled, updated_at: db.fn.now() })) > 0
  );
}
