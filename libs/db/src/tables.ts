/** Control-plane table names. Repositories use these, never string literals. */
export const TABLES = {
  organizations: 'organizations',
  users: 'users',
  environments: 'environments',
  clientCredentials: 'client_credentials',
  auditLog: 'audit_log',
  sessions: 'sessions',
  destinations: 'destinations',
  sources: 'sources',
  syncs: 'syncs',
  collections: 'collections',
  accounts: 'accounts',
  accountStates: 'account_states',
  runs: 'runs',
  segments: 'segments',
  linkSessions: 'link_sessions',
  eventCursors: 'event_cursors',
  tableVerifications: 'table_verifications',
  sourceWebhookSecrets: 'source_webhook_secrets',
  accountWebhookReceipts: 'account_webhook_receipts',
  accountPollModes: 'account_poll_modes',
  webhookEndpoints: 'webhook_endpoints',
  webhookEvents: 'webhook_events',
  webhookDeliveries: 'webhook_deliveries',
  accountProviderGrants: 'account_provider_grants',
  webhookDeliveryAttempts: 'webhook_delivery_attempts',
  accountTables: 'account_tables',
} as const;

export type TableName = (typeof TABLES)[keyof typeof TABLES];

export const ENVIRONMENT_NAMES = ['production', 'development'] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

export interface OrganizationRow {
  id: string;
  name: string;
  created_at: Date;
}

export interface UserRow {
  id: string;
  organization_id: string;
  /** Unique regardless of case (unique index on lower(email)): look users up with lower(email) = lower(?). */
  email: string;
  password_hash: string;
  created_at: Date;
}

export interface EnvironmentRow {
  id: string;
  organization_id: string;
  name: EnvironmentName;
  early_access: boolean;
  created_at: Date;
}

export interface ClientCredentialRow {
  id: string;
  environment_id: string;
  client_id: string;
  /** Hex HMAC-SHA256 of the client secret (libs/crypto hmacSha256). */
  secret_hash: string;
  secret_last4: string | null;
  /** 'accounts' (the Accounts API only) or 'admin' (also config-service's API). */
  scope: 'accounts' | 'admin';
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * Written by config-service only; libs/accounts, accounts-api's Link page and the loader read it,
 * so its row type lives here rather than in the service that writes it.
 */
export interface SourceRow {
  id: string;
  environment_id: string;
  name: string;
  provider: string;
  /** libs/crypto envelope of the app owner's key, sealed for its place (sealedPlace('sourceKey', id)). */
  credential_secret: string;
  /** The provider account that owns the app (`acct_…`), as verification reported it. */
  provider_account_id: string;
  provider_account_name: string | null;
  /** The provider's mode of the source's key (Stripe: live or test); null for providers without modes. */
  livemode: boolean | null;
  /** The app's public OAuth client id (`ca_…`); null: the Link page offers only the pasted key. */
  oauth_client_id: string | null;
  /** The share of the provider's documented rate limits the loader's reads may spend, 5–80 (percent). */
  rate_budget_percent: number;
  /** When a verified webhook delivery last reached the source's endpoint (written at most every few seconds). */
  webhook_received_at: Date | null;
  /** Deliveries for accounts the source does not load, dropped. bigint: pg returns int8 as a string. */
  webhook_unrouted_events: string;
  created_at: Date;
  updated_at: Date;
}

/** A source's webhook signing secret (`whsec_…`), sealed for its place (sealedPlace('sourceWebhookSecret', id)). */
export interface SourceWebhookSecretRow {
  id: string;
  environment_id: string;
  source_id: string;
  secret: string;
  created_at: Date;
  /** Null: current. Set when a newer secret replaced it: it verifies until then (rotation). */
  expires_at: Date | null;
}

export interface AuditLogRow {
  /** bigserial: pg returns int8 as a string so that no id loses precision. */
  id: string;
  organization_id: string;
  environment_id: string | null;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** The loader's view of an account (docs/accounts-api.md, Status); `paused`/`deleting` come from the account row. */
export const LOADER_STATUSES = ['idle', 'pending', 'loading', 'live', 'error'] as const;
export type LoaderStatus = (typeof LOADER_STATUSES)[number];

/** One row per account the loader has seen; written by the loader only, read by libs/accounts. */
export interface AccountStateRow {
  account_id: string;
  environment_id: string;
  status: LoaderStatus;
  /** Set with `error`: what failed and what to do, readable by the account's owner. */
  reason: string | null;
  error_code: string | null;
  error_attempts: number;
  next_retry_at: Date | null;
  /** Set with `error` when a job failed abnormally: no automatic retry until a successful attach clears it. */
  poisoned_at: Date | null;
  /** Keyed by collection id; see the loader's progress.ts for the shape. */
  progress: Record<string, unknown>;
  /** bigint: pg returns int8 as a string. */
  rows_loaded: string;
  last_synced_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One (account, destination table)'s verification against the provider; written by the loader. */
export interface TableVerificationRow {
  account_id: string;
  environment_id: string;
  destination_id: string;
  table_name: string;
  current_scope: 'full' | 'recent' | null;
  /** bigint columns: pg returns int8 as a string. */
  current_from: string | null;
  current_through: string | null;
  /** The parts still to walk, each [gte, lt) in unix seconds. */
  current_parts: { gte: number; lt: number }[] | null;
  current_found: number;
  current_repaired: number;
  current_started_at: Date | null;
  verified_at: Date | null;
  verified_scope: 'full' | 'recent' | null;
  verified_from: string | null;
  verified_through: string | null;
  drift_found: number | null;
  drift_repaired: number | null;
  full_verified_at: Date | null;
  recent_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type WebhookEndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointRow {
  id: string;
  environment_id: string;
  url: string;
  enabled_events: string[];
  /** Sealed (SEALED_COLUMNS.webhookSigningSecret); opened only to sign a delivery. */
  signing_secret: string;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookEventRow {
  id: string;
  environment_id: string;
  type: string;
  account_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
