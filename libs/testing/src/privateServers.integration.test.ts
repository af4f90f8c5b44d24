import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';
import { privateTestServers, testDatabaseUrl, testMysqlUrl, testRedisUrl } from './config';
import { getTestKnex, closeTestKnex } from './testKnex';

// The servers this very suite runs against. `npm test` starts its own unless a URL was given on
// purpose (DATASYNC_TEST_PRIVATE_SERVERS lists the ones it started): those must be children of
// the run, on ports of their own, never the machine's servers on their default ports.
const started = privateTestServers();
const port = (url: string) => Number(new URL(url).port);

afterAll(() => closeTestKnex());

(started.includes('DATABASE_URL') ? it : it.skip)('Postgres is the run’s embedded one, not the machine’s', async () => {
  expect(port(testDatabaseUrl())).not.toBe(5432);
  const { rows } = await getTestKnex().raw<{ rows: { port: string; data: string }[] }>(
    "select current_setting('port') as port, current_setting('data_directory') as data",
  );
  expect(rows[0]?.port).toBe(String(port(testDatabaseUrl())));
  // The embedded cluster lives in the repository's data folder, never /var/lib/postgresql.
  expect(rows[0]?.data).toMatch(/test-postgres$/);
});

(started.includes('REDIS_URL') ? it : it.skip)('Redis is the run’s own, not the machine’s', async () => {
  expect(port(testRedisUrl())).not.toBe(6379);
  const redis = new Redis(testRedisUrl(), { lazyConnect: true });
  try {
    await redis.connect();
    expect(await redis.config('GET', 'port')).toEqual(['port', String(port(testRedisUrl()))]);
  } finally {
    redis.disconnect();
  }
});

(started.includes('MYSQL_URL') ? it : it.skip)('MariaDB is the run’s own, not the machine’s', async () => {
  expect(port(testMysqlUrl())).not.toBe(3306);
  const connection = await mysql.createConnection({ uri: testMysqlUrl() });
  try {
    const [rows] = (await connection.query('SELECT @@port AS port, @@datadir AS datadir')) as unknown as [
      { port: number; datadir: string }[],
    ];
    expect(rows[0]?.port).toBe(port(testMysqlUrl()));
    expect(rows[0]?.datadir).toMatch(/test-mariadb\/?$/);
  } finally {
    await connection.end();
  }
});
