import { freePort, startEmulator, type EmulatorAccount, type TestEmulator } from '@datasync/testing';
import { AccountNotConnectedError, InvalidCredentialError, ProviderError, ProviderUnreachableError } from '../errors';
import { collectPages, idsOf } from '../testing/collect';
import { testSettings } from '../testing/settings';
import { createStripeConnector } from './stripeConnector';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe('verify with the account key', () => {
  it("returns the account's id, name and creation time, for secret and restricted keys", async () => {
    const account = await emulator.createAccount({ business_name: 'Verify Co', objects: { charges: 1 } });
    const view = await emulator.admin<{ created: number; restricted_key: string }>('GET', `/accounts/${account.id}`);
    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    const expected = { accountId: account.id, name: 'Verify Co', created: view.created, livemode: false };
    expect(await connector.verify({ kind: 'secret_key', key: account.secret_key })).toEqual(expected);
    expect(await connector.verify({ kind: 'secret_key', key: view.restricted_key })).toEqual(expected);
  });

  it('tells an unknown or malformed key apart, without repeating it', async () => {
    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    const unknown = 'sk_test_51NotAKeyTheEmulatorKnows000000000000';
    const err = await failure(connector.verify({ kind: 'secret_key', key: unknown }));
    expect(err).toBeInstanceOf(InvalidCredentialError);
    expect(err.message).toBe('the provider rejected the key (unknown, expired or revoked)');
    expect(err.permanent).toBe(true);
    const malformed = await failure(connector.verify({ kind: 'secret_key', key: 'pk_test_51abcdefghijkl' }));
    expect(malformed).toBeInstanceOf(InvalidCredentialError);
    expect(malformed.message).not.toContain('pk_test_51abcdefghijkl');
  });

  it('reports an unreachable provider', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const connector = createStripeConnector({ settings: testSettings(closed) });
    const err = await failure(connector.verify({ kind: 'secret_key', key: 'sk_test_51abcdefghijklmnop' }));
    expect(err).toBeInstanceOf(ProviderUnreachableError);
    expect(err.code).toBe('provider_unreachable');
    expect(err.permanent).toBe(false);
  });
});

describe('connected accounts', () => {
  let platform: EmulatorAccount;
  let connected: EmulatorAccount;

  beforeAll(async () => {
    platform = await emulator.createAccount({ objects: { charges: 7 } });
    connected = await emulator.createAccount({ objects: { charges: 13 }, connected_to: platform.id, business_name: 'Connected Co' });
  });

  it("verifies and reads an account connected to the source's app", async () => {
    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl), sourceKey: platform.secret_key });
    const credential = { kind: 'connected_account' as const, accountId: connected.id };
    const verified = await connector.verify(credential);
    expect(verified).toMatchObject({ accountId: connected.id, name: 'Connected Co', livemode: false });
    const reader = connector.reader(credential, verified);
    const ids = idsOf(await collectPages(reader.listPages('charges', {})));
    expect(ids).toHaveLength(13);
    // the connected account's own charges, not the platform's
    const ownKey = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    const own = { kind: 'secret_key' as const, key: connected.secret_key };
    expect(idsOf(await collectPages(ownKey.reader(own, verified).listPages('charges', {})))).toEqual(ids);
  });

  it('refuses an account that is not connected to this app, or does not exist', async () => {
    const stranger = await emulator.createAccount({ objects: { charges: 1 } });
    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl), sourceKey: platform.secret_key });
    for (const accountId of [stranger.id, 'acct_1DoesNotExist00']) {
      const err = await failure(connector.verify({ kind: 'connected_account', accountId }));
      expect(err).toBeInstanceOf(AccountNotConnectedError);
      expect(err.message).toContain(accountId);
      expect(err.message).not.toContain(platform.secret_key);
    }
  });

  it("blames the app key when the source's key is rejected, and needs one", async () => {
    const revoked = createStripeConnector({
      settings: testSettings(emulator.baseUrl),
      sourceKey: 'sk_test_51RevokedAppKey000000000000000',
    });
    const err = await failure(revoked.verify({ kind: 'connected_account', accountId: connected.id }));
    expect(err).toBeInstanceOf(InvalidCredentialError);
    expect(err.message).toContain("source's app key");
    const keyless = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    expect(await failure(keyless.verify({ kind: 'connected_account', accountId: connected.id }))).toBeInstanceOf(InvalidCredentialError);
  });
});
