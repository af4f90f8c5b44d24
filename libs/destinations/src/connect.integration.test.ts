import net from 'node:net';
import pg from 'pg';
import { testDatabaseUrl } from '@datasync/testing';
import { checkDestination } from './check/checkDestination';
import { connect } from './connect';
import { parseConnectionString } from './connectionString/parse';
import { DestinationError } from './errors';
import { startTestMysql, type TestMysql } from './testing/testMysql';

// A TCP server that only counts who connects: the proof that a refusal opened no connection.
let listener: net.Server;
let port: number;
let connections = 0;
let mysqlDb: TestMysql;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
  mysqlDb = await startTestMysql();
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await mysqlDb?.cleanup();
});

beforeEach(() => {
  connections = 0;
});

async function refused(connectionString: string, allowPrivateNetworks = false): Promise<DestinationError> {
  const fields = parseConnectionString('postgres', connectionString);
  const err: unknown = await connect(fields, { allowPrivateNetworks, timeoutMs: 2_000 }).then(
    async (handle) => {
      await handle.close();
      return new Error('connected');
    },
    (e: unknown) => e,
  );
  if (!(err instanceof DestinationError)) throw err;
  return err;
}

describe('connect and the network guard', () => {
  it('reaches the counting server when private networks are allowed (the control)', async () => {
    const err = await refused(`postgres://u:p@127.0.0.1:${port}/d?connect_timeout=2`, true);
    expect(err.code).toBe('connection_failed');
    expect(connections).toBe(1);
  });

  it.each([
    ['an IPv4 loopback literal', '127.0.0.1:PORT', 'The host "127.0.0.1" is a loopback address'],
    ['a name resolving to loopback', 'localhost:PORT', 'The host "localhost" resolves to a loopback address'],
    ['an IPv4-mapped loopback', '[::ffff:127.0.0.1]:PORT', 'The host "::ffff:127.0.0.1" is a loopback address'],
    ['a private address', '10.0.0.7:5432', 'The host "10.0.0.7" is a private network address'],
    ['a CGNAT address', '100.64.1.1:5432', 'The host "100.64.1.1" is a carrier-grade NAT address'],
    ['the metadata address', '169.254.169.254:80', 'The host "169.254.169.254" is a cloud metadata address'],
    ['the IPv6 metadata address', '[fd00:ec2::254]:80', 'The host "fd00:ec2::254" is a cloud metadata address'],
  ])('refuses %s without opening a connection', async (_name, hostPort, message) => {
    const started = Date.now();
    // The table is built before the counting server has its port.
    const err = await refused(`postgres://u:p@${hostPort.replace('PORT', String(port))}/d`);
    expect([err.code, err.message]).toEqual(['private_network', `${message}; destinations must be reachable on the public internet.`]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(connections).toBe(0);
  });

  it('refuses metadata addresses even where private networks are allowed', async () => {
    const err = await refused('postgres://u:p@169.254.169.254:80/d', true);
    expect(err.code).toBe('private_network');
  });

  it.each([
    ['host', 'postgres://u:p@db.example.com:5432/d?host=127.0.0.1&port=PORT'],
    ['sslrootcert', 'postgres://u:p@db.example.com:5432/d?sslrootcert=/etc/ssl/private/key.pem'],
  ])('refuses the %s parameter before connecting anywhere', async (name, text) => {
    const result = await checkDestination('postgres', text.replace('PORT', String(port)), { allowPrivateNetworks: true });
    expect(result).toEqual({
      ok: false,
      code: 'connection_string_invalid',
      message: `The connection string parameter "${name}" is not accepted; accepted parameters: sslmode, schema, connect_timeout.`,
    });
    expect(connections).toBe(0);
  });

  it('opens a pg.Client to Postgres through the resolved address', async () => {
    const local = new URL(testDatabaseUrl());
    const fields = parseConnectionString(
      'postgres',
      `postgres://${local.username}:${local.password}@localhost:${local.port || 5432}${local.pathname}`,
    );
    const handle = await connect(fields, { allowPrivateNetworks: true });
    try {
      expect(handle.engine).toBe('postgres');
      if (handle.engine !== 'postgres') return;
      expect(handle.client).toBeInstanceOf(pg.Client);
      expect(handle.client.host).toMatch(/^(127\.0\.0\.1|::1)$/);
      expect((await handle.query('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    } finally {
      await handle.close();
    }
  });

  it('opens a mysql2 connection to MySQL through the resolved address', async () => {
    const fields = parseConnectionString('mysql', mysqlDb.adminUrl(mysqlDb.database).replace('127.0.0.1', 'localhost'));
    const handle = await connect(fields, { allowPrivateNetworks: true });
    try {
      expect(handle.engine).toBe('mysql');
      if (handle.engine !== 'mysql') return;
      expect((await handle.query('SELECT ? + 1 AS n, DATABASE() AS db', [41])).rows).toEqual([{ n: 42, db: mysqlDb.database }]);
      expect(handle.connection.config.host).toBe('localhost');
    } finally {
      await handle.close();
    }
  });
});
