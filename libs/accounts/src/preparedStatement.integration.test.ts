import { createKnex, TABLES, type Knex } from '@datasync/db';
import { createTestTenant, testDatabaseUrl } from '@datasync/testing';
import { preparedStatement } from './preparedStatement';

// One pooled connection, so every call below runs on the same Postgres session and what that
// session has prepared can be read back.
let knex: Knex;

beforeAll(() => {
  knex = createKnex({ url: testDatabaseUrl(), applicationName: 'prepared-statement-test', statementTimeoutMs: 5_000, poolMax: 1 });
});

afterAll(async () => {
  await knex.destroy();
});

// Parameters used in another order than declared, one twice, and a constant knex binds itself.
const environmentsNamed = preparedStatement<{ organizationId: string; name: string; other: string }>('test.environmentsNamed', (db, p) =>
  db(TABLES.environments)
    .where('organization_id', p.organizationId)
    .whereIn('name', [p.name, p.other, p.name])
    .orderBy('name')
    .limit(5)
    .select('id', 'name', 'created_at'),
);

it('answers as the same knex query does, with each parameter in its place, the dates parsed', async () => {
  const tenant = await createTestTenant(knex);
  const params = { other: 'production', name: 'test', organizationId: tenant.organizationId };
  const rows = await environmentsNamed(knex, params);
  const expected = await knex(TABLES.environments)
    .where('organization_id', tenant.organizationId)
    .whereIn('name', ['test', 'production'])
    .orderBy('name')
    .select('id', 'name', 'created_at');
  expect(rows).toEqual(expected);
  expect(rows.length).toBeGreaterThan(0);
  expect((rows[0] as { created_at: unknown }).created_at).toBeInstanceOf(Date);
  expect(await environmentsNamed(knex, { ...params, organizationId: '00000000-0000-0000-0000-000000000000' })).toEqual([]);
});

it('is prepared once per connection and then only executed', async () => {
  const tenant = await createTestTenant(knex);
  for (let i = 0; i < 3; i += 1) await environmentsNamed(knex, { organizationId: tenant.organizationId, name: 'test', other: 'x' });
  const { rows } = (await knex.raw("select name, statement from pg_prepared_statements where name like 'test.environmentsNamed:%'")) as {
    rows: { name: string; statement: string }[];
  };
  expect(rows).toHaveLength(1);
  expect(rows[0]?.statement).toContain('"organization_id" = $1');
});

it('passes Postgres errors through as knex does: a value Postgres refuses is its error code', async () => {
  await expect(environmentsNamed(knex, { organizationId: 'not-a-uuid', name: 'a', other: 'b' })).rejects.toMatchObject({ code: '22P02' });
  // The connection is still usable afterwards.
  expect(await environmentsNamed(knex, { organizationId: '00000000-0000-0000-0000-000000000000', name: 'a', other: 'b' })).toEqual([]);
});
