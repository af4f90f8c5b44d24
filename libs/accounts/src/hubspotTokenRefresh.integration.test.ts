import { randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox } from '@datasync/crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { hubspot, pendingProviderModules } from '@datasync/providers';
import { closeTestKnex, createTestTenant, getTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { accountTokenStore } from './credentialTokens';

// HubSpot's install refresh end to end: the emulator's OAuth answers, the module's refresh, and
// the token store over real Postgres. HubSpot is not offered yet, so its kinds come from the
// pending module (the store takes them through `kindOf`, as it takes the registry's).

const knex = getTestKnex();
const secretBox = createSecretBox([{ id: 'k1', key: randomBytes(32) }]);
const hubspotModule = pendingProviderModules.hubspot;
const kindOf = (provider: string, kind: string) =>
  provider === 'hubspot' ? hubspotModule.credentials.kinds.find((k) => k.kind === kind) : undefined;
let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ env: { EMULATOR_HUBSPOT_LATENCY_MS: '0', EMULATOR_HUBSPOT_SEARCH_LAG_MS: '0' } });
});
afterAll(async () => {
  await emulator.stop();
  await closeTestKnex();
});

interface App {
  app_id: number;
  client_id: string;
  client_secret: string;
}

/** A portal that installed a new app, and an account row keeping only the install's refresh token. */
async function installedAccount() {
  const app = await emulator.admin<App>('POST', '/hubspot/apps', {});
  const portal = await emulator.admin<{ portal_id: number }>('POST', '/hubspot/portals', { objects: {} });
  const { refresh_token: refreshToken } = await emulator.admin<{ refresh_token: string }>(
    'POST',
    `/hubspot/portals/${portal.portal_id}/install`,
    { client_id: app.client_id },
  );
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: `src_${randomBytes(4).toString('hex')}`,
      provider: 'hubspot',
      credential_secret: secretBox.seal(app.client_secret, environmentId, sealedPlace('sourceKey', randomUUID())),
      provider_account_id: String(app.app_id),
      livemode: null,
    })
    .returning('id')) as { id: string }[];
  const accountId = randomUUID();
  const secret = hubspotModule.credentials.secretOf({ kind: 'oauth_refresh_token', refreshToken });
  await knex(TABLES.accounts).insert({
    id: accountId,
    environment_id: environmentId,
    source_id: source!.id,
    source_type: 'hubspot',
    identifier: String(portal.portal_id),
    external_id: String(portal.portal_id),
    credential_kind: 'oauth_refresh_token',
    credential_secret: secretBox.seal(secret!, environmentId, sealedPlace('accountCredential', accountId)),
  });
  return { app, portalId: String(portal.portal_id), refreshToken, environmentId, accountId };
}

/** The account's credential as the loader reads it: the row opened and rebuilt by the hubspotModule. */
async function storedCredential(accountId: string, environmentId: string) {
  const row = (await knex(TABLES.accounts).where({ id: accountId }).first('credential_secret', 'credential_expires_at', 'external_id')) as {
    credential_secret: string;
    credential_expires_at: Date | null;
    external_id: string;
  };
  const secret = secretBox.open(row.credential_secret, environmentId, sealedPlace('accountCredential', accountId));
  return {
    credential: hubspotModule.credentials.fromStored({ kind: 'oauth_refresh_token', secret, externalId: row.external_id }),
    expiresAt: row.credential_expires_at,
    sealed: row.credential_secret,
  };
}

it('refreshes an install registered with its refresh token, stores the new secret sealed, and reuses it until it nears expiry', async () => {
  const { app, portalId, refreshToken, environmentId, accountId } = await installedAccount();
  const before = await storedCredential(accountId, environmentId);
  expect(before.expiresAt).toBeNull();
  expect(hubspotModule.tokens!.needsRefresh(before.expiresAt, new Date())).toBe(true);

  const refreshed = await hubspotModule.tokens!.refresh(before.credential, {
    sourceSecret: app.client_secret,
    sourceClientId: app.client_id,
    baseUrl: emulator.baseUrl,
  });
  await accountTokenStore({ knex, secretBox, kindOf }).replace(accountId, refreshed);

  const after = await storedCredential(accountId, environmentId);
  expect(after.expiresAt).toEqual(refreshed.expiresAt);
  expect(hubspotModule.tokens!.needsRefresh(after.expiresAt, new Date())).toBe(false);
  expect(after.credential).toMatchObject({ kind: 'oauth_refresh_token', refreshToken, accessToken: { token: expect.any(String) } });
  if (after.credential.kind !== 'oauth_refresh_token' || !after.credential.accessToken) throw new Error('no access token stored');
  expect(after.sealed).not.toContain(after.credential.accessToken.token);
  expect(after.sealed).not.toContain(refreshToken);

  // The stored access token reaches the portal the account names.
  const details = await fetch(`${emulator.baseUrl}/account-info/v3/details`, {
    headers: { authorization: `Bearer ${after.credential.accessToken.token}` },
  });
  expect(details.status).toBe(200);
  expect(String(((await details.json()) as { portalId: number }).portalId)).toBe(portalId);

  const audit = JSON.stringify(await knex(TABLES.auditLog).where({ environment_id: environmentId }));
  expect(audit).toContain('account.credential_refreshed');
  expect(audit).not.toContain(after.credential.accessToken.token);
  expect(audit).not.toContain(refreshToken);
});

it('refuses the refresh of an uninstalled app as a revoked credential, and leaves the stored one as it was', async () => {
  const { app, portalId, environmentId, accountId } = await installedAccount();
  await emulator.admin('POST', `/hubspot/portals/${portalId}/uninstall`, { client_id: app.client_id });
  const before = await storedCredential(accountId, environmentId);
  const err = await hubspotModule
    .tokens!.refresh(before.credential, { sourceSecret: app.client_secret, sourceClientId: app.client_id, baseUrl: emulator.baseUrl })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(hubspot.CredentialRevokedError);
  expect(err).toMatchObject({ code: 'credential_revoked', reason: 'BAD_REFRESH_TOKEN', permanent: true });
  expect((await storedCredential(accountId, environmentId)).sealed).toBe(before.sealed);
});
