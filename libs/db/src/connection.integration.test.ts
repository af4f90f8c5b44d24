import { loadMigrateConfig } from './config';
import { createKnex, createPgPool, pingDatabase } from './connection';

const url = loadMigrateConfig().DATABASE_URL;

describe('createKnex', () => {
  const knex = createKnex({ url, applicationName: 'conn-test-knex', statementTimeoutMs: 200, poolMax: 2 });
  afterAll(() => knex.destroy());

  it('sets application_name and statement_timeout on every connection', async () => {
    const { rows } = await knex.raw("select current_setting('application_name') as app, current_setting('statement_timeout') as timeout");
    expect(rows).toEqual([{ app: 'conn-test-knex', timeout: '200ms' }]);
    const error = await knex.raw('select pg_sleep(2)').then(
      () => undefined,
      (err: { code?: string }) => err,
    );
    expect(error).toMatchObject({ code: '57014' });
  });

  it('pings a reachable database and fails fast on an unreachable one', async () => {
    await expect(pingDatabase(knex)).resolves.toBeUndefined();
    const down = createKnex({
      url: 'postgres://postgres@127.0.0.1:1/nowhere',
      applicationName: 'conn-test-down',
      statementTimeoutMs: 0,
      poolMax: 1,
    });
    try {
      await expect(pingDatabase(down)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await down.destroy();
    }
  });
});

describe('createPgPool', () => {
  it('applies the same per-connection settings and the pool size', async () => {
    const pool = createPgPool({ url, applicationName: 'conn-test-pool', statementTimeoutMs: 1500, poolMax: 3 });
    try {
      const { rows } = await pool.query(
        "select current_setting('application_name') as app, current_setting('statement_timeout') as timeout",
      );
      expect(rows).toEqual([{ app: 'conn-test-pool', timeout: '1500ms' }]);
      expect(pool.options.max).toBe(3);
    } finally {
      await pool.end();
    }
  });
});
