import { Client } from 'pg';

// Database names are interpolated into CREATE/DROP DATABASE (no bind parameters there), so
// only plain lowercase identifiers are accepted.
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertDatabaseName(name: string): void {
  if (!DATABASE_NAME.test(name)) throw new Error(`database name "${name}" must match ${DATABASE_NAME.source}`);
}

/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** The database a connection URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name` on the server `adminUrl` points to (any database there, usually
 * `postgres`) unless it exists. Returns whether it created it. Safe when several processes race.
 */
export async function ensureDatabase(adminUrl: string, name: string): Promise<boolean> {
  assertDatabaseName(name);
  return withClient(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`create database "${name}"`);
      return true;
    } catch (err) {
      // 42P04 duplicate_database, or 23505 when two CREATEs collide on pg_database's unique index.
      const code = (err as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw err;
    }
  });
}

/** Drops database `name` if it exists, closing its open connections (Postgres 13+). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertDatabaseName(name);
  await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
