import Stripe from 'stripe';
import { waitFor } from '@datasync/testing';
import { startTestEmulator, type TestEmulator } from '../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

interface Stats {
  requests: number;
  rate_limited: number;
  injected_errors: number;
  resets: number;
  by_status: Record<string, number>;
  by_endpoint: Record<string, number>;
}

async function stats(accountId: string): Promise<Stats> {
  return (await emulator.call('GET', `/_emulator/accounts/${accountId}/stats`)).body as Stats;
}

describe('fault injection', () => {
  it('rate-limits per account with 429 rate_limit and Retry-After, and counts it', async () => {
    // 0.2 req/s: a burst of one, then one token every five seconds, far longer than this test.
    const account = await emulator.createAccount({ objects: { charges: 1 }, rate_limit: 0.2 });
    const other = await emulator.createAccount({ objects: { charges: 1 }, rate_limit: 0.2 });
    const responses = [];
    for (let i = 0; i < 4; i++) {
      responses.push(await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } }));
    }
    expect(responses.map((r) => r.status)).toEqual([200, 429, 429, 429]);
    expect(responses[1]?.headers.get('retry-after')).toMatch(/^[1-5]$/);
    expect(responses[1]?.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'rate_limit' } });
    await expect(emulator.stripe(account.secret_key).charges.list()).rejects.toBeInstanceOf(Stripe.errors.StripeRateLimitError);

    expect(await stats(account.id)).toMatchObject({
      requests: 5,
      rate_limited: 4,
      by_status: { '200': 1, '429': 4 },
      by_endpoint: { '/v1/charges': 5 },
    });
    // Another account's bucket is untouched.
    expect((await emulator.stripe(other.secret_key).charges.list()).data).toHaveLength(1);

    const reset = await emulator.call('DELETE', `/_emulator/accounts/${account.id}/stats`);
    expect(reset.body).toMatchObject({ requests: 0, rate_limited: 0, by_status: {} });
  });

  it('throttles at random with throttle_rate', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 }, throttle_rate: 1 });
    await expect(emulator.stripe(account.secret_key).charges.list()).rejects.toMatchObject({ statusCode: 429, code: 'rate_limit' });
  });

  it('injects 500 api_error with error_rate, then stops when the override is removed', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 } });
    const set = await emulator.call('POST', `/_emulator/accounts/${account.id}/faults`, { body: { error_rate: 1 } });
    expect(set.body).toMatchObject({ overrides: { error_rate: 1 }, effective: { error_rate: 1, reset_rate: 0 } });
    const failed = await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ error: { type: 'api_error' } });
    await expect(emulator.stripe(account.secret_key).charges.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await emulator.call('POST', `/_emulator/accounts/${account.id}/faults`, { body: { error_rate: null } });
    expect((await emulator.stripe(account.secret_key).charges.list()).data).toHaveLength(1);
    expect((await stats(account.id)).injected_errors).toBe(2);
  });

  it('injects errors at about the configured ratio', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 }, error_rate: 0.3 });
    let failures = 0;
    for (let i = 0; i < 200; i++) {
      const response = await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } });
      if (response.status === 500) failures++;
    }
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(90);
  });

  it('drops the connection with reset_rate', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 }, reset_rate: 1 });
    await expect(emulator.stripe(account.secret_key).charges.list()).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    await expect(emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } })).rejects.toThrow();
    // Clients may retry a reset request once on their own (undici does), so count at least two.
    const counted = await stats(account.id);
    expect(counted.resets).toBeGreaterThanOrEqual(2);
    expect(counted.resets).toBe(counted.requests);
  });

  it('delays answers by latency_ms', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 }, latency_ms: { min: 150, max: 200 } });
    const started = performance.now();
    await emulator.stripe(account.secret_key).charges.list();
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('applies global faults to accounts without overrides', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 } });
    const exempt = await emulator.createAccount({ objects: { charges: 1 }, error_rate: 0 });
    try {
      const global = await emulator.call('POST', '/_emulator/faults', { body: { error_rate: 1 } });
      expect(global.body).toMatchObject({ error_rate: 1, rate_limit: null });
      expect((await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } })).status).toBe(500);
      expect((await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${exempt.secret_key}` } })).status).toBe(200);
    } finally {
      await emulator.call('POST', '/_emulator/faults', { body: { error_rate: null } });
    }
    expect((await emulator.call('GET', '/_emulator/faults')).body).toMatchObject({ error_rate: 0 });
  });

  it('validates fault bodies', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const response = await emulator.call('POST', `/_emulator/accounts/${account.id}/faults`, {
      body: { reset_rate: 'often', latency_ms: { min: 5, max: 1 } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'parameter_invalid', param: 'reset_rate' } });
  });

  it('holds requests unanswered until released, counting them on arrival', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1 } });
    const hold = (held: unknown) => emulator.call('POST', `/_emulator/accounts/${account.id}/hold`, { body: { held } });
    expect((await hold(true)).body).toEqual({ held: true, waiting: 0, released: 0 });
    let answered = false;
    const request = emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } }).then((r) => {
      answered = true;
      return r;
    });
    await waitFor(async () => (await stats(account.id)).requests === 1, { description: 'the request to arrive' });
    expect(answered).toBe(false);
    expect((await hold(false)).body).toEqual({ held: false, waiting: 0, released: 1 });
    expect((await request).status).toBe(200);
    expect((await hold('yes')).status).toBe(400);

    // `after`: the next request goes through, the one after it waits.
    await emulator.call('POST', `/_emulator/accounts/${account.id}/hold`, { body: { held: true, after: 1 } });
    expect((await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } })).status).toBe(200);
    const second = emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } });
    await waitFor(async () => (await stats(account.id)).requests === 3, { description: 'the second request to arrive' });
    expect((await hold(false)).body).toEqual({ held: false, waiting: 0, released: 1 });
    expect((await second).status).toBe(200);

    // `endpoint`: only that endpoint's requests wait.
    await emulator.call('POST', `/_emulator/accounts/${account.id}/hold`, { body: { held: true, endpoint: '/v1/customers' } });
    expect((await emulator.call('GET', '/v1/charges', { headers: { authorization: `Bearer ${account.secret_key}` } })).status).toBe(200);
    const customers = emulator.call('GET', '/v1/customers', { headers: { authorization: `Bearer ${account.secret_key}` } });
    await waitFor(async () => (await stats(account.id)).requests === 5, { description: 'the customers request to arrive' });
    expect((await hold(false)).body).toEqual({ held: false, waiting: 0, released: 1 });
    expect((await customers).status).toBe(200);
  });
});
