import { randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox } from '@datasync/crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import type { CredentialKindSpec } from '@datasync/providers';
import { closeTestKnex, createTestTenant, getTestKnex } from '@datasync/testing';
import { accountTokenStore, CredentialNotRefreshableError } from './credentialTokens';

// The token store over real Postgres: a provider's rotated token replaces the account's sealed
// credential, bound to its row, with an audit record that says what changed and never the token.
// Stripe's kinds are not refreshable, so the test names a refreshable kind of its own.

const knex = getTestKnex();
afterAll(closeTestKnex);

const secretBox = createSecretBox([{ id: 'k1', key: randomBytes(32) }]);
const OAUTH: CredentialKindSpec = { kind: 'oauth_token', sealed: true, refreshable: true };
const kindOf = (_provider: string, kind: string): CredentialKindSpec | undefined =>
  kind === OAUTH.kind ? OAUTH : kind === 'secret_key' ? { kind, sealed: true, refreshable: false } : undefined;

async function setUp(kind: string) {
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: `src_${randomBytes(4).toString('hex')}`,
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'acct_app',
      livemode: null,
    })
    .returning('id')) as { id: string }[];
  const id = randomUUID();
  const first = `first-token-${randomBytes(8).toString('hex')}`;
  await knex(TABLES.accounts).insert({
    id,
    environment_id: environmentId,
    source_id: source!.id,
    source_type: 'stripe',
    identifier: `acct_${randomBytes(4).toString('hex')}`,
    external_id: 'acct_1',
    credential_kind: kind,
    credential_secret: secretBox.seal(first, environmentId, sealedPlace('accountCredential', id)),
  });
  return { environmentId, sourceId: source!.id, accountId: id, first };
}

const stored = async (accountId: string) =>
  (await knex(TABLES.accounts)
    .where({ id: accountId })
    .first('credential_secret', 'credential_expires_at', 'credential_updated_at', 'credential_kind')) as {
    credential_secret: string;
    credential_expires_at: Date | null;
    credential_updated_at: Date | null;
    credential_kind: string;
  };

it("replaces the sealed credential, bound to the account's row, and audits the change without the token", async () => {
  const { environmentId, sourceId, accountId, first } = await setUp(OAUTH.kind);
  const rotated = `rotated-token-${randomBytes(8).toString('hex')}`;
  const expiresAt = new Date('2030-01-01T00:30:00.000Z');
  await accountTokenStore({ knex, secretBox, kindOf }).replace(accountId, { secret: rotated, expiresAt });

  const row = await stored(accountId);
  expect(row).toMatchObject({ credential_kind: OAUTH.kind, credential_expires_at: expiresAt, credential_updated_at: expect.any(Date) });
  expect(secretBox.open(row.credential_secret, environmentId, sealedPlace('accountCredential', accountId))).toBe(rotated);
  expect(row.credential_secret).not.toContain(rotated);
  // Bound to its row: the envelope does not open as another account's credential.
  expect(() => secretBox.open(row.credential_secret, environmentId, sealedPlace('accountCredential', randomUUID()))).toThrow();

  const audit = (await knex(TABLES.auditLog)
    .where({ environment_id: environmentId, action: 'account.credential_refreshed' })
    .select('actor', 'target', 'details')) as { actor: string; target: string; details: Record<string, unknown> }[];
  expect(audit).toEqual([
    {
      actor: `provider:${sourceId}`,
      target: expect.stringMatching(/^stripe\/acct_/),
      details: { credential_kind: OAUTH.kind, expires_at: expiresAt.toISOString() },
    },
  ]);
  const everything = JSON.stringify(await knex(TABLES.auditLog).where({ environment_id: environmentId }));
  expect(everything).not.toContain(rotated);
  expect(everything).not.toContain(first);
});

it('refuses to replace a credential that is not a refreshable token, and changes nothing', async () => {
  const { accountId } = await setUp('secret_key');
  const before = await stored(accountId);
  const token = `never-stored-${randomBytes(8).toString('hex')}`;
  const store = accountTokenStore({ knex, secretBox, kindOf });
  const refused = await store.replace(accountId, { secret: token, expiresAt: null }).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(CredentialNotRefreshableError);
  expect((refused as Error).message).not.toContain(token);
  expect(await stored(accountId)).toEqual(before);
  // With the registry's kinds (Stripe's), no kind of a Stripe account is refreshable either.
  const { accountId: other } = await setUp(OAUTH.kind);
  await expect(accountTokenStore({ knex, secretBox }).replace(other, { secret: token, expiresAt: null })).rejects.toThrow(
    CredentialNotRefreshableError,
  );
});
