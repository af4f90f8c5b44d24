import net from 'node:net';
import { freePort } from '@datasync/testing';
import { startTestMysql, type TestMysql } from '../testing/testMysql';
import { checkDestination, type CheckResult } from './checkDestination';

// The local MariaDB: a database and users with passwords and limited grants, made for this file.
let db: TestMysql;
type TestUser = Awaited<ReturnType<TestMysql['createUser']>>;
const users = {} as Record<'full' | 'nocreate' | 'nodelete', TestUser>;
const allow = { allowPrivateNetworks: true };

async function check(connectionString: string, password?: string): Promise<CheckResult> {
  const result = await checkDestination('mysql', connectionString, allow);
  if (!result.ok && password) expect(result.message).not.toContain(password);
  return result;
}

async function leftoverTables(): Promise<string[]> {
  const [rows] = await db.admin.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_name LIKE '\\_datasync\\_check\\_%'",
    [db.database],
  );
  return (rows as { name: string }[]).map((r) => r.name);
}

beforeAll(async () => {
  db = await startTestMysql();
  // Exactly the GRANTs docs/destinations.md recommends.
  users.full = await db.createUser('full', 'SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, CREATE TEMPORARY TABLES');
  users.nocreate = await db.createUser('nocreate', 'SELECT, INSERT, UPDATE, DELETE, ALTER, DROP, CREATE TEMPORARY TABLES');
  users.nodelete = await db.createUser('nodelete', 'SELECT, INSERT, UPDATE, CREATE, ALTER, DROP, CREATE TEMPORARY TABLES');
});

afterAll(async () => {
  await db?.cleanup();
});

describe('checkDestination on MySQL/MariaDB', () => {
  it('passes for a user limited to its database, and leaves no table behind', async () => {
    expect(await check(users.full.url)).toEqual({ ok: true });
    expect(await leftoverTables()).toEqual([]);
  });

  it('reports a wrong password as authentication', async () => {
    expect(await check(db.url(users.full.user, 'wrong-password'))).toEqual({
      ok: false,
      code: 'authentication',
      message: `MySQL refused the login of user "${users.full.user}": wrong user name or password, or the user may not connect from the service's address.`,
    });
  });

  it('reports a database that does not exist (as a user who could see it)', async () => {
    expect(await check(db.adminUrl(`nosuch_${db.database}`))).toEqual({
      ok: false,
      code: 'database_missing',
      message: `The database "nosuch_${db.database}" does not exist on ${db.host}:${db.port}.`,
    });
  });

  it('reports a database the user may not use', async () => {
    expect(await check(db.url(users.full.user, users.full.password, 'nosuch'), users.full.password)).toEqual({
      ok: false,
      code: 'privilege',
      message: `The user "${users.full.user}" may not use database "nosuch": it does not exist, or the user has no privileges on it.`,
    });
  });

  it('names the missing CREATE privilege', async () => {
    expect(await check(users.nocreate.url, users.nocreate.password)).toEqual({
      ok: false,
      code: 'privilege',
      message: `The user "${users.nocreate.user}" has no CREATE privilege on database "${db.database}", needed for creating tables. See the recommended GRANTs in the documentation.`,
    });
  });

  it('names the missing DELETE privilege, and still drops its table', async () => {
    expect(await check(users.nodelete.url, users.nodelete.password)).toEqual({
      ok: false,
      code: 'privilege',
      message: `The user "${users.nodelete.user}" has no DELETE privilege on the tables in database "${db.database}", needed for purging a deleted account's rows. See the recommended GRANTs in the documentation.`,
    });
    expect(await leftoverTables()).toEqual([]);
  });

  it('reports a closed port as refused', async () => {
    const port = await freePort();
    expect(await check(`mysql://someone:x@127.0.0.1:${port}/${db.database}`)).toEqual({
      ok: false,
      code: 'refused',
      message: `Nothing accepts connections at 127.0.0.1:${port} (connection refused). Check the host and port.`,
    });
  });

  it('reports a server that never answers as timeout, within connect_timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    try {
      expect(await check(`mysql://someone:x@127.0.0.1:${port}/${db.database}?connect_timeout=1`)).toEqual({
        ok: false,
        code: 'timeout',
        message: `Connecting to 127.0.0.1:${port} timed out. Check that the database accepts connections from the service (firewall, allowed IPs).`,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it('reports sslmode=require against a server without TLS as tls', async () => {
    expect(await check(`${users.full.url}?sslmode=require`, users.full.password)).toEqual({
      ok: false,
      code: 'tls',
      message: `The TLS connection to ${db.host}:${db.port} failed; check sslmode and the server's certificate (the server does not accept TLS connections).`,
    });
  });
});
