import { randomBytes, randomUUID } from 'node:crypto';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, createKnex, databaseName, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import { createTestTenant } from '@datasync/testing';

export interface BenchClient {
  authorization: string;
  environmentId: string;
}

/** The bench database, created and migrated; the caller destroys the handle. */
export async function benchDatabase(url: string): Promise<Knex> {
  await ensureDatabase(withDatabase(url, 'postgres'), databaseName(url));
  const knex = createKnex({ url, applicationName: 'bench-api', statementTimeoutMs: 0, poolMax: 4 });
  await migrateLatest(knex);
  return knex;
}

/**
 * `count` client credentials, each in an environment of its own with early access and a Stripe
 * source (an environment holds at most two credentials, and one each keeps their accounts apart).
 */
export async function benchClients(
  knex: Knex,
  masterKeys: string,
  count: number,
  newPlatformKey: () => Promise<{ id: string; secret_key: string }>,
): Promise<BenchClient[]> {
  const keys = parseMasterKeys(masterKeys);
  const credentials = new ClientCredentialsService(knex, new ClientSecretHasher(keys));
  const secretBox = createSecretBox(keys);
  const clients: BenchClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const tenant = await createTestTenant(knex, { name: `bench-${randomBytes(4).toString('hex')}`, earlyAccess: true });
    const environmentId = tenant.productionEnvironmentId;
    const owner: Caller = {
      kind: 'session',
      environmentId,
      organizationId: tenant.organizationId,
      userId: randomUUID(),
      sessionId: randomUUID(),
    };
    const { credential, clientSecret } = await credentials.create(owner);
    // The row config-service writes once it has verified the platform's key.
    const platform = await newPlatformKey();
    await knex(TABLES.sources).insert({
      environment_id: environmentId,
      name: 'bench_source',
      provider: 'stripe',
      credential_secret: secretBox.seal(platform.secret_key, environmentId),
      provider_account_id: platform.id,
      provider_account_name: 'bench platform',
      livemode: false,
    });
    clients.push({ environmentId, authorization: `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}` });
  }
  return clients;
}
