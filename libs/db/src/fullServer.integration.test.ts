import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadMigrateConfig } from './config';
import { createKnex } from './connection';

// A role's CONNECTION LIMIT refuses the connection past it with the same SQLSTATE (53300) as a
// server at max_connections, without taking the shared server's connections from other tests.

const url = loadMigrateConfig().DATABASE_URL;
const admin = createKnex({ url, applicationName: 'full-server-test-admin', statementTimeoutMs: 0, poolMax: 1 });
const role = `datasync_full_${randomBytes(4).toString('hex')}`;
// A password of its own: the test Postgres may check passwords (it does not trust local logins).
const password = `pw${randomBytes(8).toString('hex')}`;

function urlAs(user: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

async function limitRole(limit: number): Promise<void> {
  await admin.raw(`alter role ${role} connection limit ${limit}`);
}

beforeAll(async () => {
  await admin.raw(`create role ${role} login password '${password}'`);
});

afterAll(async () => {
  await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where usename = ?', [role]);
  await admin.raw(`drop role if exists ${role}`);
  await admin.destroy();
});

describe('a pool against a server with no connection left', () => {
  it('the server does refuse a connection past the limit (53300)', async () => {
    await limitRole(1);
    const first = new Client({ connectionString: urlAs(role) });
    const second = new Client({ connectionString: urlAs(role) });
    await first.connect();
    try {
      await expect(second.connect()).rejects.toMatchObject({ code: '53300' });
    } finally {
      await first.end();
    }
  });

  it('gives its waiting callers the connections it holds instead of failing them', async () => {
    await limitRole(2);
    const knex = createKnex({ url: urlAs(role), applicationName: 'full-server-test', statementTimeoutMs: 0, poolMax: 5 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => knex.raw('select pg_sleep(0.2)')));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const { rows } = await admin.raw<{ rows: { n: string }[] }>('select count(*) as n from pg_stat_activity where usename = ?', [role]);
      expect(Number(rows[0]?.n)).toBeLessThanOrEqual(2);
    } finally {
      await knex.destroy();
    }
  });

  it('fails with the refusal once its connect timeout has passed and no connection came', async () => {
    await limitRole(0);
    const knex = createKnex({
      url: urlAs(role),
      applicationName: 'full-server-test',
      statementTimeoutMs: 0,
      poolMax: 2,
      connectTimeoutMs: 800,
    });
    const started = Date.now();
    try {
      await expect(knex.raw('select 1')).rejects.toMatchObject({ code: '53300' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await knex.destroy();
    }
  });
});
