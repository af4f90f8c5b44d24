import { TABLES } from '@datasync/db';
import { createTestTenant } from './tenant';
import { closeTestKnex, getTestKnex } from './testKnex';

const knex = getTestKnex();
afterAll(closeTestKnex);

describe('createTestTenant', () => {
  it('creates an organization with its production and development environments, early access off', async () => {
    const tenant = await createTestTenant(knex);
    const environments = await knex(TABLES.environments)
      .where({ organization_id: tenant.organizationId })
      .orderBy('name')
      .select('id', 'name', 'early_access');
    expect(environments).toEqual([
      { id: tenant.developmentEnvironmentId, name: 'development', early_access: false },
      { id: tenant.productionEnvironmentId, name: 'production', early_access: false },
    ]);
    expect(await knex(TABLES.organizations).where({ id: tenant.organizationId }).first('name')).toEqual({
      name: expect.stringMatching(/^test-org-[0-9a-f]{8}$/),
    });
  });

  it('gives every call its own tenant and honours the options', async () => {
    const [a, b] = await Promise.all([createTestTenant(knex), createTestTenant(knex, { name: 'beta org', earlyAccess: true })]);
    expect(a?.organizationId).not.toBe(b?.organizationId);
    const flags = await knex(TABLES.environments).where({ organization_id: b?.organizationId }).pluck('early_access');
    expect(flags).toEqual([true, true]);
    expect(await knex(TABLES.organizations).where({ id: b?.organizationId }).first('name')).toEqual({ name: 'beta org' });
  });
});
