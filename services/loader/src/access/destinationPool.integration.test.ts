import { randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createDestinationDb, type DestinationDb } from '../testing/harness';
import { testMasterKeys } from '../testing/fixtures';
import type { PostgresHandle } from '@datasync/destinations';
import { createDestinationPool, type DestinationPool, type PoolTarget } from './destinationPool';

// The pool against a real Postgres destination: bounded connections, reuse, and a connection
// whose work threw replaced rather than reused.

const secretBox = createSecretBox(parseMasterKeys(testMasterKeys()));
const environmentId = randomUUID();
let db: DestinationDb;
let pool: DestinationPool;

const target = (connectionString = db.connectionString): PoolTarget => ({
  environmentId,
  destination: { id: 'dest-1', name: 'dest', engine: 'postgres', connectionSecret: secretBox.seal(connectionString, environmentId) },
});

const backendPid = async (handle: unknown): Promise<number> =>
  Number((await (handle as PostgresHandle).query('select pg_backend_pid() as pid')).rows[0]?.pid);

beforeAll(async () => {
  db = await createDestinationDb();
  pool = createDestinationPool({ allowPrivateNetworks: true, statementTimeoutMs: 10_000 }, secretBox, {
    perDestination: 3,
    idleMs: 60_000,
  });
});

afterAll(async () => {
  await pool?.close();
  await db?.drop();
});

it('never holds more connections to a destination than its bound, however many jobs write', async () => {
  const one = target();
  let busy = 0;
  let most = 0;
  const pids = new Set<number>();
  await Promise.all(
    Array.from({ length: 12 }, () =>
      pool.use(one, async ({ destination }) => {
        busy += 1;
        most = Math.max(most, busy);
        pids.add(await backendPid(destination.handle));
        await new Promise((resolve) => setTimeout(resolve, 30));
        busy -= 1;
      }),
    ),
  );
  expect(most).toBe(3);
  expect(pids.size).toBe(3);
  // And the connections are reused: one more write gets one of them.
  expect(pids.has(await pool.use(one, ({ destination }) => backendPid(destination.handle)))).toBe(true);
});

it('replaces a connection whose work threw, and lets the waiting jobs on', async () => {
  const one = target();
  const before = await pool.use(one, ({ destination }) => backendPid(destination.handle));
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, (_, i) =>
      pool.use(one, async ({ destination }) => {
        const pid = await backendPid(destination.handle);
        if (i % 2 === 0) throw new Error('write failed');
        return pid;
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  // Still bounded and working after three connections were thrown away.
  expect(await pool.use(one, ({ destination }) => backendPid(destination.handle))).toEqual(expect.any(Number));
  expect(before).toEqual(expect.any(Number));
});

it('keeps a writer per table on each connection', async () => {
  const one = target();
  const spec = { table: 'stripe_things', columns: [] };
  const [a, b] = await pool.use(one, async (pooled) => [
    pooled.writer({ engine: 'postgres', spec }),
    pooled.writer({ engine: 'postgres', spec }),
  ]);
  expect(a).toBe(b);
});

it('opens apart a destination whose connection string changed', async () => {
  const old = await pool.use(target(), ({ destination }) => backendPid(destination.handle));
  const changed = await pool.use(target(`${db.connectionString}&connect_timeout=11`), ({ destination }) => backendPid(destination.handle));
  expect(changed).not.toBe(old);
});

it('waits for a connection it holds when the destination refuses one more, instead of failing the batch', async () => {
  // A role's CONNECTION LIMIT refuses past it as a server at max_connections does (53300).
  const role = `loader_pool_${randomBytes(4).toString('hex')}`;
  // A password of its own: the test Postgres may check passwords (it does not trust local logins).
  const password = `pw${randomBytes(8).toString('hex')}`;
  await db.knex.raw(`create role ${role} login connection limit 2 password '${password}'`);
  const limited = new URL(db.connectionString);
  limited.username = role;
  limited.password = password;
  const four = createDestinationPool({ allowPrivateNetworks: true, statementTimeoutMs: 10_000 }, secretBox, {
    perDestination: 4,
    idleMs: 60_000,
  });
  try {
    const one = target(limited.toString());
    const pids = new Set<number>();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        four.use(one, async ({ destination }) => {
          pids.add(await backendPid(destination.handle));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(pids.size).toBe(2);
  } finally {
    await four.close();
    await db.knex.raw('select pg_terminate_backend(pid) from pg_stat_activity where usename = ?', [role]);
    await db.knex.raw(`drop role ${role}`);
  }
});
