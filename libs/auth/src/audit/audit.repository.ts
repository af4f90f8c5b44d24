import { TABLES, type Knex } from '@datasync/db';

export interface AuditEntry {
  organizationId: string;
  environmentId: string | null;
  /** `user:<id>`, `client:<client_id>`, `provider:<source id>` (see actorOf). */
  actor: string;
  /** `<thing>.<past tense>`: `client_credential.created`, `environment.early_access_changed`. */
  action: string;
  target?: string;
  /** Never a secret: this table is read by people. */
  details?: Record<string, unknown>;
}

/** Appends to audit_log; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(db: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
  await db(TABLES.auditLog).insert({
    organization_id: entry.organizationId,
    environment_id: entry.environmentId,
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
  });
}
