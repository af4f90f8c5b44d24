import type { Account, AccountView, Registration } from '@datasync/accounts';

// Public JSON is snake_case (STYLE); the credential never appears in any of it.

export function toRegistrationJson(registration: Registration) {
  return {
    account: { external_id: registration.account.externalId, identifier: registration.account.identifier },
    already_existed: registration.alreadyExisted,
  };
}

export function toAccountStateJson(account: Account) {
  return { external_id: account.externalId, identifier: account.identifier, active: account.active };
}

export function toAccountJson(view: AccountView) {
  return {
    source_type: view.sourceType,
    identifier: view.identifier,
    external_id: view.externalId,
    source: view.sourceName,
    credential_kind: view.credentialKind,
    active: view.active,
    status: view.status,
    status_reason: view.statusReason,
    last_synced_at: view.lastSyncedAt?.toISOString() ?? null,
    collections: view.collections.map((c) => ({
      resource: c.resource,
      table: c.table,
      status: c.status,
      rows_loaded: c.rowsLoaded,
      warnings: c.warnings.map((w) => ({ code: w.code, message: w.message })),
      verified_at: c.verifiedAt?.toISOString() ?? null,
      verified_through: c.verifiedThrough?.toISOString() ?? null,
      drift_found: c.driftFound,
      drift_repaired: c.driftRepaired,
    })),
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}

export function cursorOf(view: Pick<AccountView, 'sourceType' | 'identifier'>): string {
  return `${view.sourceType}/${view.identifier}`;
}
