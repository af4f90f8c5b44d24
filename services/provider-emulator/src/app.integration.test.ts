import { startTestEmulator, type TestEmulator } from './testing/testEmulator';

describe('emulator app', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });

  afterAll(async () => {
    await emulator.close();
  });

  it('answers /health, and /ready until it drains', async () => {
    expect(await emulator.call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await emulator.call('GET', '/ready')).status).toBe(200);
    emulator.readiness.startDraining();
    expect((await emulator.call('GET', '/ready')).status).toBe(503);
  });

  it('answers unknown routes with Stripe’s 404 and a Request-Id', async () => {
    const response = await emulator.call('GET', '/v2/nothing');
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(response.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message:
          'Unrecognized request URL (GET: /v2/nothing). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
      },
    });
  });

  it('answers 405 for a known path with another method', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const response = await emulator.call('POST', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } });
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'method_not_allowed' } });
  });
});

describe('determinism', () => {
  it('gives the same accounts, keys and objects for the same seed, other ones for another seed', async () => {
    const first = await startTestEmulator({ EMULATOR_SEED: 'same-seed' });
    const second = await startTestEmulator({ EMULATOR_SEED: 'same-seed' });
    const third = await startTestEmulator({ EMULATOR_SEED: 'other-seed' });
    try {
      const body = { objects: { charges: 50, customers: 5 }, end: 1_700_000_000 };
      const [a, b, c] = await Promise.all([first.createAccount(body), second.createAccount(body), third.createAccount(body)]);
      expect(b.id).toBe(a.id);
      expect(b.secret_key).toBe(a.secret_key);
      expect(c.id).not.toBe(a.id);
      const page = async (emulator: TestEmulator, key: string) =>
        (await emulator.call('GET', '/v1/charges?limit=50', { headers: { authorization: `Bearer ${key}` } })).text;
      const pageA = await page(first, a.secret_key);
      expect(await page(second, b.secret_key)).toBe(pageA);
      expect(await page(third, c.secret_key)).not.toBe(pageA);
      expect(JSON.parse(pageA).data).toHaveLength(50);
    } finally {
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});
