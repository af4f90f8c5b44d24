import { TABLES, type Knex, type SourceRow } from '@datasync/db';

// config-service writes sources and libs/auth organizations; the Link module only reads them.

export interface LinkSourceRef {
  id: string;
  name: string;
  provider: string;
}

export interface LinkPageSource extends LinkSourceRef {
  /** The provider's mode of the source's key; null for providers without modes. */
  livemode: boolean | null;
  /** The provider app's public OAuth client id; null: no connect button, only the pasted key. */
  oauthClientId: string | null;
  /** libs/crypto envelope of the app owner's key, environment id as associated data. */
  credentialSecret: string;
  organizationId: string;
  organizationName: string;
}

export async function findSourceByName(db: Knex, environmentId: string, name: string): Promise<LinkSourceRef | undefined> {
  return (await db(TABLES.sources).where({ environment_id: environmentId, name }).first('id', 'name', 'provider')) as
    LinkSourceRef | undefined;
}

/** Sources of one provider, by name. */
export async function listSourcesOfProvider(db: Knex, environmentId: string, provider: string): Promise<LinkSourceRef[]> {
  return (await db(TABLES.sources)
    .where({ environment_id: environmentId, provider })
    .orderBy('name')
    .select('id', 'name', 'provider')) as LinkSourceRef[];
}

type PageSourceRow = Pick<SourceRow, 'id' | 'name' | 'provider' | 'livemode' | 'oauth_client_id' | 'credential_secret'> & {
  organization_id: string;
  organization_name: string;
};

/** What the page shows and needs about a session's source: its app, and the organization that invites. */
export async function findPageSource(db: Knex, environmentId: string, sourceId: string): Promise<LinkPageSource | undefined> {
  const row = (await db({ s: TABLES.sources })
    .join({ e: TABLES.environments }, 'e.id', 's.environment_id')
    .join({ o: TABLES.organizations }, 'o.id', 'e.organization_id')
    .where({ 's.environment_id': environmentId, 's.id': sourceId })
    .first(
      's.id',
      's.name',
      's.provider',
      's.livemode',
      's.oauth_client_id',
      's.credential_secret',
      'o.id as organization_id',
      'o.name as organization_name',
    )) as PageSourceRow | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    livemode: row.livemode,
    oauthClientId: row.oauth_client_id,
    credentialSecret: row.credential_secret,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
  };
}
