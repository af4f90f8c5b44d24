import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { createKnex, dropDatabase, ensureDatabase, withDatabase, type Knex } from '@datasync/db';
import { testDatabaseUrl, testMysqlUrl } from '@datasync/testing';

// Scratch destination databases on the test servers: each test file writes into its own, so
// tables created by mounts never meet another file's.

export interface PostgresDestination {
  database: string;
  /** The connection string the API gets; its password is what must never show up anywhere. */
  connectionString: string;
  password: string;
  /** The destination as the postgres superuser sees it, to inspect what the service created. */
  knex: Knex;
  /**
   * The connection string of a new schema of the database: a test's own tables, since a table
   * belongs to the first sync that mounts it (docs/destinations.md).
   */
  newSchema(): Promise<string>;
  drop(): Promise<void>;
}

export async function createPostgresDestination(): Promise<PostgresDestination> {
  const server = new URL(testDatabaseUrl());
  const database = `h9dest_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server.toString(), 'postgres');
  await ensureDatabase(adminUrl, database);
  // The local server trusts local connections and ignores the password; a server that checks
  // passwords gets the real one from DATABASE_URL.
  const password = server.password ? decodeURIComponent(server.password) : `pw-${randomBytes(9).toString('hex')}`;
  const connectionString = `postgres://${server.username}:${encodeURIComponent(password)}@${server.hostname}:${server.port || 5432}/${database}`;
  const knex = createKnex({
    url: withDatabase(server.toString(), database),
    applicationName: 'h9-destination-test',
    statementTimeoutMs: 10_000,
    poolMax: 2,
  });
  return {
    database,
    connectionString,
    password,
    knex,
    async newSchema() {
      const schema = `s_${randomBytes(5).toString('hex')}`;
      await knex.raw('create schema ??', [schema]);
      return `${connectionString}?schema=${schema}`;
    },
    async drop() {
      await knex.destroy();
      await dropDatabase(adminUrl, database);
    },
  };
}

export interface MysqlDestination {
  database: string;
  /** The destination's own user, with every privilege on `database` only. */
  user: string;
  connectionString: string;
  password: string;
  query<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A database on the MariaDB test server with a user of its own, password-protected and limited to it. */
export async function createMysqlDestination(): Promise<MysqlDestination> {
  const server = new URL(testMysqlUrl());
  const suffix = randomBytes(5).toString('hex');
  const database = `h9dest_${suffix}`;
  const user = `h9_${suffix}`;
  const password = `pw-${randomBytes(9).toString('hex')}`;
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
  });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
  await admin.query(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO ?@'%'`, [user]);
  return {
    database,
    user,
    password,
    connectionString: `mysql://${user}:${password}@${server.hostname}:${server.port || 3306}/${database}`,
    async query<T>(sql: string, values: unknown[] = []) {
      const [rows] = await admin.query(sql, values);
      return rows as T[];
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.query(`DROP USER IF EXISTS ?@'%'`, [user]);
      await admin.end();
    },
  };
}
