import { randomBytes } from 'node:crypto';
import { createSecretBox, type MasterKey } from '@datasync/crypto';
import { TABLES, createKnex, dropDatabase, ensureDatabase, migrateLatest, sealedPlace, withDatabase, type Knex } from '@datasync/db';
import { createTestTenant, insertTestAccount, testDatabaseUrl } from '@datasync/testing';
import { countUnbound, refuseUnboundAdvice, resealSecrets } from './resealSecrets';

// A database of its own: the command rewrites whole tables, and the shared test database holds
// values sealed under every other test's keys.
const adminUrl = withDatabase(testDatabaseUrl(), 'postgres');
const database = `datasync_reseal_${randomBytes(5).toString('hex')}`;
let knex: Knex;

beforeAll(async () => {
  await ensureDatabase(adminUrl, database);
  knex = createKnex({
    url: withDatabase(testDatabaseUrl(), database),
    applicationName: 'reseal-test',
    statementTimeoutMs: 10_000,
    poolMax: 2,
  });
  await migrateLatest(knex);
});

afterAll(async () => {
  await knex?.destroy();
  await dropDatabase(adminUrl, database);
});

const key = (id: string): MasterKey => ({ id, key: randomBytes(32) });

describe('resealSecrets', () => {
  it('moves every sealed value to the newest key, bound to its row and column, so the old key can go', async () => {
    const [oldKey, newKey] = [key('old'), key('new')];
    const before = createSecretBox([oldKey]);
    const tenant = await createTestTenant(knex);
    const env = tenant.productionEnvironmentId;
    // As stored before places existed: sealed for the environment only, under the old key.
    const [source] = (await knex(TABLES.sources)
      .insert({
        environment_id: env,
        name: 'src',
        provider: 'stripe',
        credential_secret: before.seal('sk_test_source', env),
        provider_account_id: 'acct_1',
        livemode: false,
      })
      .returning('id')) as { id: string }[];
    const [destination] = (await knex(TABLES.destinations)
      .insert({
        environment_id: env,
        name: 'dst',
        engine: 'postgres',
        connection_secret: before.seal('postgres://u:p@h/db', env),
        connection_masked: 'postgres://u:•••@h/db',
      })
      .returning('id')) as { id: string }[];
    const account = await insertTestAccount(knex, {
      environmentId: env,
      sourceId: source!.id,
      externalId: 'acct_2',
      sealedKey: before.seal('sk_test_account', env),
    });
    const [webhookSecret] = (await knex(TABLES.sourceWebhookSecrets)
      .insert({ environment_id: env, source_id: source!.id, secret: before.seal('whsec_test', env) })
      .returning('id')) as { id: string }[];

    const [endpoint] = (await knex(TABLES.webhookEndpoints)
      .insert({
        environment_id: env,
        url: 'https://example.com/hooks',
        enabled_events: ['*'],
        signing_secret: before.seal('whsec_endpoint', env),
      })
      .returning('id')) as { id: string }[];

    expect(await countUnbound(knex)).toBe(5);
    expect(refuseUnboundAdvice(5)).toMatch(/^5 stored value\(s\) are still unbound \(v1\): do not set SECRETS_REFUSE_UNBOUND yet/);
    const counts = await resealSecrets(knex, createSecretBox([newKey, oldKey]));
    expect(counts).toEqual({
      sourceKey: { examined: 1, resealed: 1 },
      destinationConnection: { examined: 1, resealed: 1 },
      accountCredential: { examined: 1, resealed: 1 },
      sourceWebhookSecret: { examined: 1, resealed: 1 },
      webhookSigningSecret: { examined: 1, resealed: 1 },
    });

    // None is left unbound: refusing v1 is safe, and a box that does opens everything.
    expect(await countUnbound(knex)).toBe(0);
    expect(refuseUnboundAdvice(0)).toMatch(/^no unbound \(v1\) value is left in the database: SECRETS_REFUSE_UNBOUND=true is safe to set/);
    // The new key alone opens everything, each value only at its own place.
    const after = createSecretBox([newKey], { refuseUnbound: true });
    const stored = async (table: string, column: string, id: string) =>
      ((await knex(table).where({ id }).first(column)) as Record<string, string>)[column] as string;
    const sourceKey = await stored(TABLES.sources, 'credential_secret', source!.id);
    const connection = await stored(TABLES.destinations, 'connection_secret', destination!.id);
    const accountKey = await stored(TABLES.accounts, 'credential_secret', account.id);
    expect(after.open(sourceKey, env, sealedPlace('sourceKey', source!.id))).toBe('sk_test_source');
    expect(after.open(connection, env, sealedPlace('destinationConnection', destination!.id))).toBe('postgres://u:p@h/db');
    expect(after.open(accountKey, env, sealedPlace('accountCredential', account.id))).toBe('sk_test_account');
    const hookSecret = await stored(TABLES.sourceWebhookSecrets, 'secret', webhookSecret!.id);
    expect(after.open(hookSecret, env, sealedPlace('sourceWebhookSecret', webhookSecret!.id))).toBe('whsec_test');
    const signingSecret = await stored(TABLES.webhookEndpoints, 'signing_secret', endpoint!.id);
    expect(after.open(signingSecret, env, sealedPlace('webhookSigningSecret', endpoint!.id))).toBe('whsec_endpoint');
    expect(() => after.open(accountKey, env, sealedPlace('sourceKey', source!.id))).toThrow(/failed authentication/);
    expect(() => after.open(sourceKey, env, sealedPlace('sourceKey', destination!.id))).toThrow(/failed authentication/);

    // Nothing left to do: a second run changes nothing.
    expect(await resealSecrets(knex, createSecretBox([newKey]))).toEqual({
      sourceKey: { examined: 1, resealed: 0 },
      destinationConnection: { examined: 1, resealed: 0 },
      accountCredential: { examined: 1, resealed: 0 },
      sourceWebhookSecret: { examined: 1, resealed: 0 },
      webhookSigningSecret: { examined: 1, resealed: 0 },
    });
    expect(await stored(TABLES.accounts, 'credential_secret', account.id)).toBe(accountKey);
  });
});
