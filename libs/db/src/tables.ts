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
  created_at: Date;
  revoked_at: Date | null;
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
