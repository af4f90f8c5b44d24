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

export interface TestAccountInput {
  environmentId: string;
  sourceId: string;
  /** The provider account's id. */
  externalId: string;
  /** Its key, already sealed for the environment (the secret box lives in libs/crypto). */
  sealedKey: string;
  /** Defaults to the external id, as registration does. */
  identifier?: string;
}

/**
 * A Stripe account registered with its own secret key, inserted as libs/accounts inserts it, for
 * tests and benchmarks of the loader that attach accounts without the API round trip.
 */
export async function insertTestAccount(knex: Knex, input: TestAccountInput): Promise<{ id: string; identifier: string }> {
  const identifier = input.identifier ?? input.externalId;
  const [row] = (await knex(TABLES.accounts)
    .insert({
      environment_id: input.environmentId,
      source_id: input.sourceId,
      source_type: 'stripe',
      identifier,
      external_id: input.externalId,
      credential_kind: 'secret_key',
      credential_secret: input.sealedKey,
    })
    .returning('id')) as { id: string }[];
  if (!row) throw new Error('account insert returned no row');
  return { id: row.id, identifier };
}
