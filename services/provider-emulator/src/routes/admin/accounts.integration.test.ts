import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

// The admin API has no authentication by design: the emulator is a development and test tool
// and /_emulator is not part of Stripe's API. These tests cover its input checks and effects.

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ EMULATOR_DEFAULT_OBJECTS: 'charges=7,customers=3' });
});

afterAll(async () => {
  await emulator.close();
});

describe('POST /_emulator/accounts', () => {
  it('creates an account with its keys and the requested object counts', async () => {
    const created = await emulator.call('POST', '/_emulator/accounts', {
      body: { objects: { charges: 1000, customers: 10 }, business_name: 'Test Shop' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^acct_1[0-9A-Za-z]{15}$/),
      object: 'account',
      secret_key: expect.stringMatching(/^sk_test_/),
      restricted_key: expect.stringMatching(/^rk_test_/),
      client_id: expect.stringMatching(/^ca_/),
      connected_to: null,
      business_name: 'Test Shop',
      objects: { charges: 1000, customers: 10, refunds: 0 },
    });
    const fetched = await emulator.call('GET', `/_emulator/accounts/${(created.body as { id: string }).id}`);
    expect(fetched.body).toMatchObject({ id: (created.body as { id: string }).id, objects: { charges: 1000 } });
  });

  it('uses EMULATOR_DEFAULT_OBJECTS without "objects"', async () => {
    const account = await emulator.createAccount();
    expect(account.objects).toMatchObject({ charges: 7, customers: 3, refunds: 0 });
  });

  it('names every invalid field', async () => {
    const response = await emulator.call('POST', '/_emulator/accounts', { body: { objects: { charges: -1, dragons: 3 }, error_rate: 2 } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        param: 'error_rate',
        message:
          "'error_rate' must be less than or equal to 1; 'objects.charges' must be greater than or equal to 0; 'objects.dragons' is not allowed",
        doc_url: 'https://stripe.com/docs/error-codes/parameter-invalid',
      },
    });
  });

  it('refuses an unknown platform, a future end and a reused seed', async () => {
    const platform = await emulator.call('POST', '/_emulator/accounts', { body: { connected_to: 'acct_1nobody' } });
    expect(platform.status).toBe(400);
    expect(platform.body).toMatchObject({ error: { code: 'resource_missing', param: 'connected_to' } });
    const future = await emulator.call('POST', '/_emulator/accounts', { body: { end: Math.floor(Date.now() / 1000) + 3600 } });
    expect(future.body).toMatchObject({ error: { code: 'parameter_invalid', param: 'end' } });
    await emulator.createAccount({ seed: 'reused' });
    const again = await emulator.call('POST', '/_emulator/accounts', { body: { seed: 'reused' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'account_exists', param: 'seed' } });
  });

  it('answers 404 for an unknown account and 415 for a non-JSON body', async () => {
    const missing = await emulator.call('GET', '/_emulator/accounts/acct_1nobody');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'resource_missing', param: 'accountId' } });
    const form = await emulator.call('POST', '/_emulator/accounts', { body: new URLSearchParams({ seed: 'x' }) });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });
});

describe('POST /_emulator/accounts/batch', () => {
  it('creates count accounts alike, each with its own id and keys', async () => {
    const created = await emulator.call('POST', '/_emulator/accounts/batch', {
      body: { count: 3, objects: { charges: 2 }, latency_ms: { min: 50, max: 150 } },
    });
    expect(created.status).toBe(201);
    const { data } = created.body as { data: { id: string; secret_key: string; objects: Record<string, number> }[] };
    expect(data).toHaveLength(3);
    expect(new Set(data.map((a) => a.id)).size).toBe(3);
    for (const account of data) {
      expect(account.objects).toMatchObject({ charges: 2, customers: 0 });
      const listed = await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } });
      expect((listed.body as { data: unknown[] }).data).toHaveLength(2);
      const faults = await emulator.call('GET', `/_emulator/accounts/${account.id}/faults`);
      expect(faults.body).toMatchObject({ overrides: { latency_ms: { min: 50, max: 150 } } });
    }
  });

  it('refuses a missing or too large count and a seed, creating nothing', async () => {
    const before = emulator.state.allAccounts().length;
    for (const body of [{}, { count: 0 }, { count: 1001 }, { count: 2, seed: 'one' }]) {
      const response = await emulator.call('POST', '/_emulator/accounts/batch', { body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'parameter_invalid' } });
    }
    const platform = await emulator.call('POST', '/_emulator/accounts/batch', { body: { count: 2, connected_to: 'acct_1nobody' } });
    expect(platform.body).toMatchObject({ error: { code: 'resource_missing', param: 'connected_to' } });
    expect(emulator.state.allAccounts()).toHaveLength(before);
  });
});

describe('POST /_emulator/accounts/:id/clock', () => {
  it('moves the account clock forward and validates the body', async () => {
    const account = await emulator.createAccount();
    const moved = await emulator.call('POST', `/_emulator/accounts/${account.id}/clock`, { body: { advance_seconds: 3600 } });
    expect(moved.body).toMatchObject({ offset_seconds: 3600 });
    expect((moved.body as { now: number }).now).toBeGreaterThanOrEqual(account.now + 3600);
    const bad = await emulator.call('POST', `/_emulator/accounts/${account.id}/clock`, { body: { advance_seconds: -5 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { param: 'advance_seconds' } });
  });
});
