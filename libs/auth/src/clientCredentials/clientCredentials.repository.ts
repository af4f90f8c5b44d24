import { TABLES, type ClientCredentialRow, type Knex } from '@datasync/db';
import type { CredentialScope } from '../caller';

type Db = Knex | Knex.Transaction;

export interface ClientCredential {
  clientId: string;
  environmentId: string;
  secretLast4: string | null;
  scope: CredentialScope;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface CredentialForVerification {
  clientId: string;
  environmentId: string;
  organizationId: string;
  secretHash: string;
  scope: CredentialScope;
}

const COLUMNS = ['client_id', 'environment_id', 'secret_last4', 'scope', 'created_at', 'revoked_at'] as const;
type ListedRow = Pick<ClientCredentialRow, (typeof COLUMNS)[number]>;

function toCredential(row: ListedRow): ClientCredential {
  return {
    clientId: row.client_id,
    environmentId: row.environment_id,
    secretLast4: row.secret_last4,
    scope: row.scope,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Locks the environment row until the transaction ends, so that two concurrent creations
 * cannot both see one active credential and both insert (the limit is two).
 */
export async function lockEnvironment(trx: Knex.Transaction, environmentId: string): Promise<void> {
  await trx(TABLES.environments).where({ id: environmentId }).forUpdate().first('id');
}

export async function countActiveCredentials(db: Db, environmentId: string, scope: CredentialScope): Promise<number> {
  const row = (await db(TABLES.clientCredentials)
    .where({ environment_id: environmentId, scope })
    .whereNull('revoked_at')
    .count({ n: '*' })
    .first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

export async function insertCredential(
  db: Db,
  values: { environmentId: string; clientId: string; secretHash: string; secretLast4: string; scope: CredentialScope },
): Promise<ClientCredential> {
  const [row] = (await db(TABLES.clientCredentials)
    .insert({
      environment_id: values.environmentId,
      client_id: values.clientId,
      secret_hash: values.secretHash,
      secret_last4: values.secretLast4,
      scope: values.scope,
    })
    .returning([...COLUMNS])) as ListedRow[];
  if (!row) throw new Error('client credential insert returned no row');
  return toCredential(row);
}

/** Active ones first, then newest first. */
export async function listCredentials(db: Db, environmentId: string): Promise<ClientCredential[]> {
  const rows = (await db(TABLES.clientCredentials)
    .where({ environment_id: environmentId })
    .orderByRaw('revoked_at is not null, created_at desc, client_id')
    .select([...COLUMNS])) as ListedRow[];
  return rows.map(toCredential);
}

export async function findCredential(db: Db, environmentId: string, clientId: string): Promise<ClientCredential | undefined> {
  const row = (await db(TABLES.clientCredentials)
    .where({ environment_id: environmentId, client_id: clientId })
    .first([...COLUMNS])) as ListedRow | undefined;
  return row && toCredential(row);
}

/** Sets revoked_at unless already set; returns the credential as it is afterwards, or undefined if it was already revoked. */
export async function markRevoked(db: Db, environmentId: string, clientId: string): Promise<ClientCredential | undefined> {
  const [row] = (await db(TABLES.clientCredentials)
    .where({ environment_id: environmentId, client_id: clientId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() })
    .returning([...COLUMNS])) as ListedRow[];
  return row && toCredential(row);
}

/** The active credential with this client id, with what verification and scoping need. */
export async function findActiveForVerification(db: Db, clientId: string): Promise<CredentialForVerification | undefined> {
  const row = (await db(`${TABLES.clientCredentials} as c`)
    .join(`${TABLES.environments} as e`, 'e.id', 'c.environment_id')
    .where('c.client_id', clientId)
    .whereNull('c.revoked_at')
    .first('c.client_id', 'c.environment_id', 'e.organization_id', 'c.secret_hash', 'c.scope')) as
    { client_id: string; environment_id: string; organization_id: string; secret_hash: string; scope: CredentialScope } | undefined;
  return (
    row && {
      clientId: row.client_id,
      environmentId: row.environment_id,
      organizationId: row.organization_id,
      secretHash: row.secret_hash,
      scope: row.scope,
    }
  );
}
