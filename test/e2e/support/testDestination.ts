import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { createKnex, dropDatabase, ensureDatabase, withDatabase, type Knex } from '@datasync/db';
import { testDatabaseUrl, testMysqlUrl } from '@datasync/testing';
import { startSwitchableProxy, type SwitchableProxy } from './switchableProxy';

export type DestinationEngine = 'postgres' | 'mysql';

export interface StoredRow {
  data: Record<string, unknown>;
  deleted: boolean;
}

/**
 * A scratch destination database on the local Postgres or MariaDB. The loader reaches it through
 * a proxy the test can switch off; the test reads it directly.
 */
export interface TestDestination {
  engine: DestinationEngine;
  /** What the destination row stores (sealed): through the proxy. */
  connectionString: string;
  proxy: SwitchableProxy;
  /** The account's rows of a table, by object id; empty when the table does not exist yet. */
  rows(table: string, identifier: string): Promise<Map<string, StoredRow>>;
  /** The account's rows of a table; only those written within `between` when given. */
  count(table: string, identifier: string, between?: [Date, Date]): Promise<number>;
  /** Drift behind the loader's back: rows removed, rows whose data is replaced. */
  tamper(table: string, identifier: string, change: { remove: readonly string[]; alter: readonly string[] }): Promise<void>;
  drop(): Promise<void>;
}

const missingTable = (err: unknown) => /does not exist|doesn't exist/i.test(String((err as Error).message));

export async function createTestDestination(engine: DestinationEngine): Promise<TestDestination> {
  return engine === 'postgres' ? createPostgres() : createMysql();
}

async function createPostgres(): Promise<TestDestination> {
  const server = new URL(testDatabaseUrl());
  const database = `fullstack_dest_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server.toString(), 'postgres');
  await ensureDatabase(adminUrl, database);
  const knex: Knex = createKnex({
    url: withDatabase(server.toString(), database),
    applicationName: 'fullstack-e2e-dest',
    statementTimeoutMs: 60_000,
    poolMax: 2,
  });
  const proxy = await startSwitchableProxy(server.hostname, Number(server.port || 5432));
  const password = server.password ? decodeURIComponent(server.password) : 'unused';
  return {
    engine: 'postgres',
    connectionString: `postgres://${server.username}:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}/${database}?sslmode=disable`,
    proxy,
    async rows(table, identifier) {
      try {
        const found = (await knex(table).where({ account_id: identifier }).select('id', 'data', '_deleted')) as {
          id: string;
          data: Record<string, unknown>;
          _deleted: boolean;
        }[];
        return new Map(found.map((r) => [r.id, { data: r.data, deleted: r._deleted }]));
      } catch (err) {
        if (missingTable(err)) return new Map();
        throw err;
      }
    },
    async count(table, identifier, between) {
      try {
        const query = knex(table).where({ account_id: identifier });
        if (between) query.whereBetween('_synced_at', between);
        const [row] = (await query.count({ n: '*' })) as { n: string }[];
        return Number(row?.n ?? 0);
      } catch (err) {
        if (missingTable(err)) return 0;
        throw err;
      }
    },
    async tamper(table, identifier, change) {
      await knex(table)
        .where({ account_id: identifier })
        .whereIn('id', [...change.remove])
        .delete();
      for (const id of change.alter)
        await knex(table)
          .where({ account_id: identifier, id })
          .update({ data: JSON.stringify({ id, tampered: true }) });
    },
    async drop() {
      await proxy.close();
      await knex.destroy();
      await dropDatabase(adminUrl, database);
    },
  };
}

async function createMysql(): Promise<TestDestination> {
  const server = new URL(testMysqlUrl());
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    timezone: 'Z',
  });
  const tag = randomBytes(4).toString('hex');
  const database = `fullstack_dest_${tag}`;
  const user = `fullstack_${tag}`;
  const password = randomBytes(9).toString('hex');
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
  await admin.query(`GRANT ALL ON \`${database}\`.* TO ?@'%'`, [user]);
  const proxy = await startSwitchableProxy(server.hostname, Number(server.port || 3306));
  const table = (name: string) => `\`${database}\`.\`${name}\``;
  return {
    engine: 'mysql',
    connectionString: `mysql://${user}:${password}@127.0.0.1:${proxy.port}/${database}?sslmode=disable`,
    proxy,
    async rows(name, identifier) {
      try {
        const [found] = (await admin.query(`SELECT id, data, _deleted FROM ${table(name)} WHERE account_id = ?`, [
          identifier,
        ])) as unknown as [{ id: string; data: unknown; _deleted: number }[]];
        // MariaDB's JSON is text underneath: the driver hands it over as a string.
        return new Map(
          found.map((r) => [
            r.id,
            { data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>, deleted: Boolean(r._deleted) },
          ]),
        );
      } catch (err) {
        if (missingTable(err)) return new Map();
        throw err;
      }
    },
    async count(name, identifier, between) {
      try {
        const range = between ? ' AND _synced_at BETWEEN ? AND ?' : '';
        const [found] = (await admin.query(`SELECT COUNT(*) AS n FROM ${table(name)} WHERE account_id = ?${range}`, [
          identifier,
          ...(between ?? []),
        ])) as unknown as [{ n: number | string }[]];
        return Number(found[0]?.n ?? 0);
      } catch (err) {
        if (missingTable(err)) return 0;
        throw err;
      }
    },
    async tamper(name, identifier, change) {
      if (change.remove.length > 0)
        await admin.query(`DELETE FROM ${table(name)} WHERE account_id = ? AND id IN (?)`, [identifier, [...change.remove]]);
      for (const id of change.alter) {
        await admin.query(`UPDATE ${table(name)} SET data = ? WHERE account_id = ? AND id = ?`, [
          JSON.stringify({ id, tampered: true }),
          identifier,
          id,
        ]);
      }
    },
    async drop() {
      await proxy.close();
      await admin.query(`DROP USER IF EXISTS ?@'%'`, [user]);
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}
