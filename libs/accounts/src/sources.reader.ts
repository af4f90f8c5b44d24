import { TABLES, type Knex, type SourceRow } from '@datasync/db';

type Db = Knex | Knex.Transaction;

// config-service writes sources; accounts only read them: the source an account is registered
// under, and its sealed app key for accounts connected to the app.

export interface SourceRef {
  id: string;
  name: string;
  provider: string;
  /** The provider's mode of the source's key; null for providers without modes. */
  livemode: boolean | null;
  /** libs/crypto envelope of the app owner's key, sealed for its place (sealedPlace('sourceKey', id)). */
  credentialSecret: string;
}

type SourceRefRow = Pick<SourceRow, (typeof COLUMNS)[number]>;

const COLUMNS = ['id', 'name', 'provider', 'livemode', 'credential_secret'] as const;

function toSourceRef(row: SourceRefRow): SourceRef {
  return { id: row.id, name: row.name, provider: row.provider, livemode: row.livemode, credentialSecret: row.credential_secret };
}

export async function findSourceByName(db: Db, environmentId: string, name: string): Promise<SourceRef | undefined> {
  const row = (await db(TABLES.sources)
    .where({ environment_id: environmentId, name })
    .first([...COLUMNS])) as SourceRefRow | undefined;
  return row && toSourceRef(row);
}

/** Sources of one provider, by name. */
export async function listSourcesOfProvider(db: Db, environmentId: string, provider: string): Promise<SourceRef[]> {
  const rows = (await db(TABLES.sources)
    .where({ environment_id: environmentId, provider })
    .orderBy('name')
    .select([...COLUMNS])) as SourceRefRow[];
  return rows.map(toSourceRef);
}

export async function findSourceById(db: Db, environmentId: string, id: string): Promise<SourceRef | undefined> {
  const row = (await db(TABLES.sources)
    .where({ environment_id: environmentId, id })
    .first([...COLUMNS])) as SourceRefRow | undefined;
  return row && toSourceRef(row);
}
