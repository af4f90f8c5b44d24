import { TABLES, type Knex, type SourceRow } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface Source {
  id: string;
  environmentId: string;
  name: string;
  provider: string;
  /** The provider account that owns the app (`acct_…`), as verification reported it. */
  providerAccountId: string;
  providerAccountName: string | null;
  /** The provider's mode of the source's key (Stripe: live or test); null for providers without modes. */
  livemode: boolean | null;
  /** The app's public OAuth client id (`ca_…`): the Link page offers the provider's consent page with it. */
  oauthClientId: string | null;
  /** The share of the provider's rate limits the loader's reads for this source may spend. */
  rateBudgetPercent: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface VerifiedSourceValues {
  credentialSecret: string;
  providerAccountId: string;
  providerAccountName: string | null;
  livemode: boolean | null;
}

export const SOURCE_NAME_UNIQUE = 'sources_environment_id_name_unique';

function toSource(row: SourceRow): Source {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    provider: row.provider,
    providerAccountId: row.provider_account_id,
    providerAccountName: row.provider_account_name,
    livemode: row.livemode,
    oauthClientId: row.oauth_client_id,
    rateBudgetPercent: row.rate_budget_percent,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function verifiedColumns(values: VerifiedSourceValues) {
  return {
    credential_secret: values.credentialSecret,
    provider_account_id: values.providerAccountId,
    provider_account_name: values.providerAccountName,
    livemode: values.livemode,
  };
}

export async function insertSource(
  db: Db,
  values: {
    id: string;
    environmentId: string;
    name: string;
    provider: string;
    oauthClientId: string | null;
    rateBudgetPercent: number;
  } & VerifiedSourceValues,
): Promise<Source> {
  const [row] = (await db(TABLES.sources)
    .insert({
      id: values.id,
      environment_id: values.environmentId,
      name: values.name,
      provider: values.provider,
      oauth_client_id: values.oauthClientId,
      rate_budget_percent: values.rateBudgetPercent,
      ...verifiedColumns(values),
    })
    .returning('*')) as SourceRow[];
  if (!row) throw new Error('source insert returned no row');
  return toSource(row);
}

export async function listSources(db: Db, environmentId: string): Promise<Source[]> {
  const rows = (await db(TABLES.sources).where({ environment_id: environmentId }).orderBy(['created_at', 'name'])) as SourceRow[];
  return rows.map(toSource);
}

export async function findSourceByName(db: Db, environmentId: string, name: string): Promise<Source | undefined> {
  const row = (await db(TABLES.sources).where({ environment_id: environmentId, name }).first()) as SourceRow | undefined;
  return row && toSource(row);
}

/** The sealed credential of a source, for the code that talks to the provider on its behalf. */
export async function findSourceSecret(db: Db, environmentId: string, id: string): Promise<string | undefined> {
  const row = (await db(TABLES.sources).where({ environment_id: environmentId, id }).first('credential_secret')) as
    Pick<SourceRow, 'credential_secret'> | undefined;
  return row?.credential_secret;
}

export async function updateSourceCredential(
  db: Db,
  environmentId: string,
  id: string,
  values: VerifiedSourceValues,
): Promise<Source | undefined> {
  const [row] = (await db(TABLES.sources)
    .where({ environment_id: environmentId, id })
    .update({ ...verifiedColumns(values), updated_at: db.fn.now() })
    .returning('*')) as SourceRow[];
  return row && toSource(row);
}

/** The settings PATCH changes; an absent field stays as it is. */
export async function updateSourceSettings(
  db: Db,
  environmentId: string,
  id: string,
  changes: { oauthClientId?: string | null; rateBudgetPercent?: number },
): Promise<Source | undefined> {
  const [row] = (await db(TABLES.sources)
    .where({ environment_id: environmentId, id })
    .update({
      ...(changes.oauthClientId !== undefined ? { oauth_client_id: changes.oauthClientId } : {}),
      ...(changes.rateBudgetPercent !== undefined ? { rate_budget_percent: changes.rateBudgetPercent } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*')) as SourceRow[];
  return row && toSource(row);
}

export async function syncNamesUsingSource(db: Db, environmentId: string, sourceId: string): Promise<string[]> {
  return (await db(TABLES.syncs).where({ environment_id: environmentId, source_id: sourceId }).orderBy('name').pluck('name')) as string[];
}

export async function deleteSourceRow(db: Db, environmentId: string, id: string): Promise<boolean> {
  return (await db(TABLES.sources).where({ environment_id: environmentId, id }).delete()) > 0;
}
