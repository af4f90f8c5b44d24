import { ENVIRONMENT_NAMES, TABLES, type EnvironmentName, type EnvironmentRow, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface Environment {
  id: string;
  organizationId: string;
  name: EnvironmentName;
  earlyAccess: boolean;
  createdAt: Date;
}

function toEnvironment(row: EnvironmentRow): Environment {
  return { id: row.id, organizationId: row.organization_id, name: row.name, earlyAccess: row.early_access, createdAt: row.created_at };
}

/** Every organization gets one environment of each name. */
export async function insertEnvironments(db: Db, organizationId: string): Promise<Environment[]> {
  const rows = (await db(TABLES.environments)
    .insert(ENVIRONMENT_NAMES.map((name) => ({ organization_id: organizationId, name })))
    .returning('*')) as EnvironmentRow[];
  return rows.map(toEnvironment);
}

/** Production first, then development. */
export async function listEnvironments(db: Db, organizationId: string): Promise<Environment[]> {
  const rows = (await db(TABLES.environments).where({ organization_id: organizationId }).select('*')) as EnvironmentRow[];
  return rows.map(toEnvironment).sort((a, b) => ENVIRONMENT_NAMES.indexOf(a.name) - ENVIRONMENT_NAMES.indexOf(b.name));
}

export async function findEnvironmentById(db: Db, id: string): Promise<Environment | undefined> {
  const row = (await db(TABLES.environments).where({ id }).first('*')) as EnvironmentRow | undefined;
  return row && toEnvironment(row);
}

export async function findEnvironmentByName(db: Db, organizationId: string, name: string): Promise<Environment | undefined> {
  const row = (await db(TABLES.environments).where({ organization_id: organizationId, name }).first('*')) as EnvironmentRow | undefined;
  return row && toEnvironment(row);
}

export async function updateEarlyAccess(db: Db, id: string, enabled: boolean): Promise<Environment | undefined> {
  const [row] = (await db(TABLES.environments).where({ id }).update({ early_access: enabled }).returning('*')) as EnvironmentRow[];
  return row && toEnvironment(row);
}
