import { randomBytes, randomUUID } from 'node:crypto';
import { ClientCredentialsService, ClientSecretHasher, type Caller, type CredentialScope } from '@datasync/auth';
import { parseMasterKeys, type SecretBox } from '@datasync/crypto';
import { TABLES, type Knex } from '@datasync/db';
import { createTestTenant, type EmulatorAccount, type TestEmulator } from '@datasync/testing';
import type { ApiTestApp } from './apiTestApp';

export interface TestClient {
  environmentId: string;
  organizationId: string;
  clientId: string;
  clientSecret: string;
  /** `Basic …` for this environment's client credential. */
  authorization: string;
}

/**
 * A new organization and a client credential of its production (or development) environment, created the way
 * config-service creates them (libs/auth), hashed under the test app's master key.
 */
export async function newClient(
  api: ApiTestApp,
  options: { earlyAccess?: boolean; scope?: CredentialScope; environment?: 'production' | 'development' } = {},
): Promise<TestClient> {
  const tenant = await createTestTenant(api.knex, { earlyAccess: options.earlyAccess ?? false });
  const environmentId = options.environment === 'development' ? tenant.developmentEnvironmentId : tenant.productionEnvironmentId;
  const credentials = new ClientCredentialsService(api.knex, new ClientSecretHasher(parseMasterKeys(api.settings.SECRETS_MASTER_KEYS)));
  const owner: Caller = {
    kind: 'session',
    environmentId,
    organizationId: tenant.organizationId,
    userId: randomUUID(),
    sessionId: randomUUID(),
  };
  const { credential, clientSecret } = await credentials.create(owner, options.scope ?? 'accounts');
  return {
    environmentId,
    organizationId: tenant.organizationId,
    clientId: credential.clientId,
    clientSecret,
    authorization: `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`,
  };
}

export interface TestSource {
  id: string;
  name: string;
  /** The emulator account that owns the app; accounts connected to it can be registered. */
  platform: EmulatorAccount;
}

/**
 * A source row as config-service stores it after verifying the key: config-service is its writer,
 * and a service never imports another, so the test writes the row in its shape.
 */
export async function insertSource(
  knex: Knex,
  secretBox: SecretBox,
  emulator: TestEmulator,
  environmentId: string,
  name = `src_${randomBytes(4).toString('hex')}`,
): Promise<TestSource> {
  const platform = await emulator.createAccount();
  const [row] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name,
      provider: 'stripe',
      credential_secret: secretBox.seal(platform.secret_key, environmentId),
      provider_account_id: platform.id,
      provider_account_name: 'Test platform',
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  if (!row) throw new Error('source insert returned no row');
  return { id: row.id, name, platform };
}

/** The environment's accounts rows, all columns, in a stable order: compared before and after. */
export async function accountRows(knex: Knex, environmentId: string): Promise<Record<string, unknown>[]> {
  return (await knex(TABLES.accounts).where({ environment_id: environmentId }).orderBy(['source_type', 'identifier'])) as Record<
    string,
    unknown
  >[];
}
