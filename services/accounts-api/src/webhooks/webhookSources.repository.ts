import { TABLES, type Knex, type SourceWebhookSecretRow } from '@datasync/db';

/** What the endpoint needs of a source: whose it is, its own provider account and its live signing secrets (sealed). */
export interface WebhookSource {
  id: string;
  environmentId: string;
  organizationId: string;
  provider: string;
  /** The account that owns the app: a direct (non-Connect) delivery is its event. */
  providerAccountId: string;
  secrets: { id: string; sealed: string }[];
  /** Opted in: the provider's Connect lifecycle events register, pause and resume accounts. */
  connectLifecycle: boolean;
}

export async function findWebhookSource(knex: Knex, sourceId: string, now: Date): Promise<WebhookSource | undefined> {
  const source = (await knex(TABLES.sources)
    .join(TABLES.environments, `${TABLES.environments}.id`, `${TABLES.sources}.environment_id`)
    .where(`${TABLES.sources}.id`, sourceId)
    .first(
      `${TABLES.sources}.id`,
      `${TABLES.sources}.environment_id`,
      `${TABLES.environments}.organization_id`,
      `${TABLES.sources}.provider`,
      `${TABLES.sources}.provider_account_id`,
      `${TABLES.sources}.webhook_connect_lifecycle`,
    )) as
    | {
        id: string;
        environment_id: string;
        organization_id: string;
        provider: string;
        provider_account_id: string;
        webhook_connect_lifecycle: boolean;
      }
    | undefined;
  if (!source) return undefined;
  const secrets = (await knex(TABLES.sourceWebhookSecrets)
    .where({ source_id: sourceId })
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
    .orderBy('created_at', 'desc')
    .select('id', 'secret')) as Pick<SourceWebhookSecretRow, 'id' | 'secret'>[];
  return {
    id: source.id,
    environmentId: source.environment_id,
    organizationId: source.organization_id,
    provider: source.provider,
    providerAccountId: source.provider_account_id,
    secrets: secrets.map((row) => ({ id: row.id, sealed: row.secret })),
    connectLifecycle: source.webhook_connect_lifecycle,
  };
}

/** The source's registered accounts of that provider account id that load (active, not being deleted). */
export async function accountsForProviderAccount(knex: Knex, sourceId: string, providerAccountId: string): Promise<string[]> {
  const rows = (await knex(TABLES.accounts)
    .where({ source_id: sourceId, external_id: providerAccountId, active: true })
    .whereNull('deleting_at')
    .select('id')) as { id: string }[];
  return rows.map((row) => row.id);
}

// Deliveries can come by the hundred a second; the source's mark is what the loader's health
// check reads, so writing it once every few seconds is enough.
const SOURCE_MARK_EVERY = "interval '5 seconds'";

/** Records a verified delivery: on the source (at most every few seconds), and on each account it named. */
export async function recordReceipt(knex: Knex, sourceId: string, accountIds: readonly string[], at: Date): Promise<void> {
  await knex(TABLES.sources)
    .where({ id: sourceId })
    .andWhere((q) =>
      q.whereNull('webhook_received_at').orWhere('webhook_received_at', '<', knex.raw(`?::timestamptz - ${SOURCE_MARK_EVERY}`, [at])),
    )
    .update({ webhook_received_at: at });
  if (accountIds.length === 0) return;
  await knex(TABLES.accountWebhookReceipts)
    .insert(accountIds.map((id) => ({ account_id: id, received_at: at })))
    .onConflict('account_id')
    .merge();
}

/** Counts a delivery for an account the source does not load (dropped), shown with the source's webhook. */
export async function countUnrouted(knex: Knex, sourceId: string): Promise<void> {
  await knex(TABLES.sources).where({ id: sourceId }).increment('webhook_unrouted_events', 1);
}
