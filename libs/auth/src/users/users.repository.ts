import { TABLES, type Knex, type OrganizationRow, type UserRow } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface User {
  id: string;
  organizationId: string;
  email: string;
  createdAt: Date;
}

export interface Organization {
  id: string;
  name: string;
  createdAt: Date;
}

function toUser(row: UserRow): User {
  return { id: row.id, organizationId: row.organization_id, email: row.email, createdAt: row.created_at };
}

export async function insertOrganization(db: Db, name: string): Promise<Organization> {
  const [row] = (await db(TABLES.organizations).insert({ name }).returning('*')) as OrganizationRow[];
  if (!row) throw new Error('organization insert returned no row');
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  const row = (await db(TABLES.organizations).where({ id }).first('*')) as OrganizationRow | undefined;
  return row && { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function insertUser(db: Db, values: { organizationId: string; email: string; passwordHash: string }): Promise<User> {
  const [row] = (await db(TABLES.users)
    .insert({ organization_id: values.organizationId, email: values.email, password_hash: values.passwordHash })
    .returning('*')) as UserRow[];
  if (!row) throw new Error('user insert returned no row');
  return toUser(row);
}

/** Case-insensitive, matching the unique index on lower(email). */
export async function findUserWithHashByEmail(db: Db, email: string): Promise<(User & { passwordHash: string }) | undefined> {
  const row = (await db(TABLES.users).whereRaw('lower(email) = lower(?)', [email]).first('*')) as UserRow | undefined;
  return row && { ...toUser(row), passwordHash: row.password_hash };
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  const row = (await db(TABLES.users).where({ id }).first('*')) as UserRow | undefined;
  return row && toUser(row);
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db(TABLES.users).where({ id }).update({ password_hash: passwordHash });
}
