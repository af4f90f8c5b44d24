import { randomBytes } from 'node:crypto';
import { TABLES, type EnvironmentRow, type Knex, type OrganizationRow } from '@datasync/db';

export interface TestTenant {
  organizationId: string;
  productionEnvironmentId: string;
  developmentEnvironmentId: string;
}

export interface TestTenantOptions {
  name?: string;
  /** Early access on both environments (beta endpoints). Default false, as for a new organization. */
  earlyAccess?: boolean;
}

/**
 * A fresh organization with its production and development environments, so that every test
 * owns its data and never depends on another's. Plain inserts for now; when organizations get
 * a service of their own, this should go through it.
 */
export async function createTestTenant(knex: Knex, options: TestTenantOptions = {}): Promise<TestTenant> {
  return knex.transaction(async (trx) => {
    const [organization] = (await trx(TABLES.organizations)
      .insert({ name: options.name ?? `test-org-${randomBytes(4).toString('hex')}` })
      .returning('id')) as Pick<OrganizationRow, 'id'>[];
    if (!organization) throw new Error('organization insert returned no row');
    const environments = (await trx(TABLES.environments)
      .insert(
        (['production', 'development'] as const).map((name) => ({
          organization_id: organization.id,
          name,
          early_access: options.earlyAccess ?? false,
        })),
      )
      .returning(['id', 'name'])) as Pick<EnvironmentRow, 'id' | 'name'>[];
    const idOf = (name: EnvironmentRow['name']) => {
      const row = environments.find((e) => e.name === name);
      if (!row) throw new Error(`environment ${name} was not created`);
      return row.id;
    };
    return {
      organizationId: organization.id,
      productionEnvironmentId: idOf('production'),
      developmentEnvironmentId: idOf('development'),
    };
  });
}
