import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { testMysqlUrl } from '@datasync/testing';

export interface TestMysql {
  admin: mysql.Connection;
  host: string;
  port: number;
  /** A database created for this test file, dropped by `cleanup`. */
  database: string;
  /** Creates `name`@'%' with a password and the given grants on the test database; dropped by `cleanup`. */
  createUser(suffix: string, grants: string): Promise<{ user: string; password: string; url: string }>;
  url(user: string, password: string, database?: string): string;
  /** The administrator's own connection string for `database`. */
  adminUrl(database: string): string;
  cleanup(): Promise<void>;
}

/** The local MariaDB as its administrator, with a fresh database and users that are removed after. */
export async function startTestMysql(): Promise<TestMysql> {
  const server = new URL(testMysqlUrl());
  const host = server.hostname;
  const port = Number(server.port || 3306);
  const admin = await mysql.createConnection({
    host,
    port,
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    multipleStatements: false,
  });
  const tag = randomBytes(4).toString('hex');
  const database = `dst_${tag}`;
  const users: string[] = [];
  await admin.query(`CREATE DATABASE \`${database}\``);
  const url = (user: string, password: string, db = database): string =>
    `mysql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${db}`;
  const adminUser = decodeURIComponent(server.username);
  const adminPassword = decodeURIComponent(server.password);
  return {
    admin,
    adminUrl: (db) => url(adminUser, adminPassword, db),
    host,
    port,
    database,
    url,
    async createUser(suffix, grants) {
      const user = `dst_${tag}_${suffix}`;
      const password = randomBytes(9).toString('hex');
      await admin.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
      users.push(user);
      await admin.query(`GRANT ${grants} ON \`${database}\`.* TO ?@'%'`, [user]);
      return { user, password, url: url(user, password) };
    },
    async cleanup() {
      for (const user of users) await admin.query(`DROP USER IF EXISTS ?@'%'`, [user]);
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}
