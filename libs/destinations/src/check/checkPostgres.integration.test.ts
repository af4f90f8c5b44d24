import net from 'node:net';
import pg from 'pg';
import { freePort, testDatabaseUrl } from '@datasync/testing';
import { connect } from '../connect';
import { parseConnectionString } from '../connectionString/parse';
import { startTestPostgres, type TestPostgres } from '../testing/embeddedPostgres';
import { checkDestination, type CheckResult } from './checkDestination';

// One password-enforcing Postgres for the whole file: a database `dest`, a schema `analytics`,
// and one login role per failure mode.
let server: TestPostgres;
let admin: pg.Client;
const password = 'Pw-4-check/tests@x';
const allow = { allowPrivateNetworks: true };

function url(user: string, database = 'dest', query = '?schema=analytics', secret = password): string {
  return `postgres://${user}:${encodeURIComponent(secret)}@127.0.0.1:${server.port}/${database}${query}`;
}

async function check(connectionString: string): Promise<CheckResult> {
  const result = await checkDestination('postgres', connectionString, allow);
  if (!result.ok) expect(result.message).not.toContain(password);
  return result;
}

async function leftoverTables(): Promise<string[]> {
  const db = new pg.Client({ connectionString: server.url('dest') });
  await db.connect();
  try {
    const { rows } = await db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE tablename LIKE '\\_datasync\\_check\\_%'",
    );
    return rows.map((r) => r.tablename);
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  server = await startTestPostgres();
  await server.enableTls();
  admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE dest');
  await admin.query('CREATE DATABASE notemp');
  for (const role of ['loader', 'nocreate', 'nodelete']) await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  const dest = new pg.Client({ connectionString: server.url('dest') });
  await dest.connect();
  await dest.query('CREATE SCHEMA analytics');
  // `loader` gets exactly the GRANTs docs/destinations.md recommends.
  await dest.query('REVOKE ALL ON DATABASE dest FROM PUBLIC');
  await dest.query('GRANT CONNECT, TEMPORARY ON DATABASE dest TO loader, nocreate, nodelete');
  await dest.query('GRANT USAGE, CREATE ON SCHEMA analytics TO loader, nodelete');
  await dest.query('GRANT USAGE ON SCHEMA analytics TO nocreate');
  // A table's owner holds every privilege on it unless its default privileges say otherwise.
  await dest.query('ALTER DEFAULT PRIVILEGES FOR ROLE nodelete REVOKE DELETE ON TABLES FROM nodelete');
  await dest.end();
  const notemp = new pg.Client({ connectionString: server.url('notemp') });
  await notemp.connect();
  await notemp.query('REVOKE TEMPORARY ON DATABASE notemp FROM PUBLIC');
  await notemp.query('GRANT CREATE ON SCHEMA public TO loader');
  await notemp.end();
});

afterAll(async () => {
  await admin?.end();
  await server?.stop();
});

describe('checkDestination on Postgres', () => {
  it('passes for a user limited to its schema, and leaves no table behind', async () => {
    expect(await check(url('loader'))).toEqual({ ok: true });
    expect(await leftoverTables()).toEqual([]);
  });

  it('reports a wrong password as authentication', async () => {
    expect(await check(url('loader', 'dest', '?schema=analytics', 'wrong-password'))).toEqual({
      ok: false,
      code: 'authentication',
      message: `PostgreSQL refused the login of user "loader": wrong user name or password, or the user may not connect from the service's address.`,
    });
  });

  it('reports a database that does not exist', async () => {
    expect(await check(url('loader', 'nosuch'))).toEqual({
      ok: false,
      code: 'database_missing',
      message: `The database "nosuch" does not exist on 127.0.0.1:${server.port}.`,
    });
  });

  it('reports a schema that does not exist', async () => {
    expect(await check(url('loader', 'dest', '?schema=nosuch'))).toEqual({
      ok: false,
      code: 'schema_missing',
      message: 'The schema "nosuch" does not exist in database "dest". Create it, or name another with ?schema=.',
    });
  });

  it('names the missing CREATE privilege on the schema', async () => {
    expect(await check(url('nocreate'))).toEqual({
      ok: false,
      code: 'privilege',
      message:
        'The user "nocreate" has no CREATE privilege on schema "analytics", needed for creating tables. See the recommended GRANTs in the documentation.',
    });
  });

  it('names the missing DELETE privilege, and still drops its table', async () => {
    expect(await check(url('nodelete'))).toEqual({
      ok: false,
      code: 'privilege',
      message: `The user "nodelete" has no DELETE privilege on the tables in schema "analytics", needed for purging a deleted account's rows. See the recommended GRANTs in the documentation.`,
    });
    expect(await leftoverTables()).toEqual([]);
  });

  it('names the missing TEMPORARY privilege that staging tables need', async () => {
    expect(await check(url('loader', 'notemp', ''))).toEqual({
      ok: false,
      code: 'privilege',
      message:
        'The user "loader" has no TEMPORARY privilege on database "notemp", needed for creating the staging table. See the recommended GRANTs in the documentation.',
    });
  });

  it('reports a closed port as refused', async () => {
    const port = await freePort();
    expect(await check(`postgres://loader:x@127.0.0.1:${port}/dest`)).toEqual({
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
      expect(await check(`postgres://loader:x@127.0.0.1:${port}/dest?connect_timeout=1`)).toEqual({
        ok: false,
        code: 'timeout',
        message: `Connecting to 127.0.0.1:${port} timed out. Check that the database accepts connections from the service (firewall, allowed IPs).`,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it('uses TLS when the server offers it and no sslmode is given', async () => {
    const handle = await connect(parseConnectionString('postgres', url('loader')), allow);
    try {
      const { rows } = await handle.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(rows).toEqual([{ ssl: true }]);
    } finally {
      await handle.close();
    }
  });

  it('passes with sslmode=require over TLS, and refuses an unverifiable certificate with verify-full', async () => {
    expect(await check(url('loader', 'dest', '?schema=analytics&sslmode=require'))).toEqual({ ok: true });
    expect(await check(url('loader', 'dest', '?sslmode=verify-full'))).toEqual({
      ok: false,
      code: 'tls',
      message: `The TLS connection to 127.0.0.1:${server.port} failed; check sslmode and the server's certificate (self-signed certificate).`,
    });
  });

  it('reports sslmode=require against a server without TLS as tls', async () => {
    // The local Postgres runs without TLS.
    const local = new URL(testDatabaseUrl());
    expect(await check(`${local.toString()}?sslmode=require`)).toEqual({
      ok: false,
      code: 'tls',
      message: `The TLS connection to ${local.hostname}:${local.port || 5432} failed; check sslmode and the server's certificate (the server does not accept TLS connections).`,
    });
  });

  it('reports a host that does not exist as dns', async () => {
    expect(await check('postgres://loader:x@nonexistent.invalid:5432/dest')).toEqual({
      ok: false,
      code: 'dns',
      message: 'The host "nonexistent.invalid" was not found (DNS); check the host name.',
    });
  });
});
