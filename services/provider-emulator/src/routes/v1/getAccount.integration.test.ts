import Stripe from 'stripe';
import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('GET /v1/account and Stripe-Account', () => {
  it('describes the key’s account, with a created before its oldest object', async () => {
    const account = await emulator.createAccount({ objects: { charges: 10 }, country: 'DE' });
    const stripe = emulator.stripe(account.secret_key);
    const me = await stripe.accounts.retrieveCurrent();
    expect(me.id).toBe(account.id);
    expect(me.country).toBe('DE');
    expect(me.default_currency).toBe('eur');
    const oldest = (await stripe.charges.list({ limit: 100 })).data.at(-1);
    expect(me.created).toBeLessThan(oldest?.created ?? 0);
    expect((await emulator.stripe(account.restricted_key).accounts.retrieveCurrent()).id).toBe(account.id);
  });

  it('lets a platform key act for a connected account, and only for one', async () => {
    const platform = await emulator.createAccount({ objects: { charges: 1 } });
    const connected = await emulator.createAccount({ objects: { charges: 4 }, connected_to: platform.id });
    const stranger = await emulator.createAccount({ objects: { charges: 4 } });
    const stripe = emulator.stripe(platform.secret_key);

    const charges = await stripe.charges.list({}, { stripeAccount: connected.id });
    expect(charges.data).toHaveLength(4);
    expect((await stripe.accounts.retrieveCurrent({}, { stripeAccount: connected.id })).id).toBe(connected.id);
    expect((await stripe.accounts.retrieve(connected.id)).id).toBe(connected.id);

    const refused = await emulator.call('GET', '/v1/charges', {
      headers: { authorization: `Bearer ${platform.secret_key}`, 'stripe-account': stranger.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'account_invalid' } });
    expect(JSON.stringify(refused.body)).not.toContain(platform.secret_key);
    await expect(stripe.charges.list({}, { stripeAccount: 'acct_1doesnotexist' })).rejects.toBeInstanceOf(
      Stripe.errors.StripePermissionError,
    );
    await expect(stripe.accounts.retrieve(stranger.id)).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
    // A connected account's own key does not open its platform.
    await expect(emulator.stripe(connected.secret_key).charges.list({}, { stripeAccount: platform.id })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('requires a key', async () => {
    const response = await emulator.call('GET', '/v1/account');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
  });
});
