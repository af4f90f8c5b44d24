import { responseValidator } from '../../testing/stripeOpenApi';
import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

const ids = (body: unknown) => (body as { data: { id: string }[] }).data.map((o) => o.id);

it('hides customers and subscriptions of a test clock from their lists unless the request names the clock', async () => {
  const account = await emulator.createAccount({ objects: { customers: 5, subscriptions: 5, prices: 5, products: 2 } });
  const auth = { headers: { authorization: `Bearer ${account.secret_key}` } };
  const admin = (path: string, body: unknown) => emulator.call('POST', `/_emulator/accounts/${account.id}${path}`, { body });
  const clock = (await admin('/test_clocks', { name: 'renewals' })).body as { id: string };
  expect(clock.id).toMatch(/^clock_/);
  const customer = (await admin('/customers', { test_clock: clock.id })).body as { id: string };
  const subscription = (await admin('/subscriptions', { customer: customer.id, test_clock: clock.id })).body as { id: string };

  const customers = ids((await emulator.call('GET', '/v1/customers?limit=100', auth)).body);
  expect(customers).toHaveLength(5);
  expect(customers).not.toContain(customer.id);
  expect(ids((await emulator.call('GET', `/v1/customers?test_clock=${clock.id}`, auth)).body)).toEqual([customer.id]);
  expect(ids((await emulator.call('GET', '/v1/subscriptions?status=all&limit=100', auth)).body)).not.toContain(subscription.id);
  expect(ids((await emulator.call('GET', `/v1/subscriptions?status=all&test_clock=${clock.id}`, auth)).body)).toEqual([subscription.id]);
  expect(ids((await emulator.call('GET', `/v1/subscriptions?status=all&customer=${customer.id}`, auth)).body)).toEqual([subscription.id]);

  const clocks = await emulator.call('GET', '/v1/test_helpers/test_clocks', auth);
  expect(ids(clocks.body)).toEqual([clock.id]);
  const validate = responseValidator('/v1/test_helpers/test_clocks');
  expect(validate(clocks.body) ? [] : validate.errors).toEqual([]);
  expect((await emulator.call('GET', `/v1/test_helpers/test_clocks/${clock.id}`, auth)).body).toEqual(clock);
  expect((await emulator.call('GET', '/v1/test_helpers/test_clocks/clock_nope', auth)).status).toBe(404);
});

it("refuses a restricted key without the test clock permission with Stripe's 403, and only there", async () => {
  const account = await emulator.createAccount({ objects: { customers: 2 }, restricted_key_without: ['test_clocks'] });
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
  const refused = await emulator.call('GET', '/v1/test_helpers/test_clocks', as(account.restricted_key));
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({
    error: {
      type: 'invalid_request_error',
      message: expect.stringMatching(
        new RegExp(
          `^The provided key 'rk_test_\\*+\\w{4}' does not have the required permissions for this endpoint on account '${account.id}'\\. Having the 'rak_test_clock_read' permission would allow this request to continue\\.$`,
        ),
      ) as unknown,
    },
  });
  expect(JSON.stringify(refused.body)).not.toContain(account.restricted_key);
  expect((await emulator.call('GET', '/v1/customers', as(account.restricted_key))).status).toBe(200);
  expect((await emulator.call('GET', '/v1/test_helpers/test_clocks', as(account.secret_key))).status).toBe(200);
});

it('answers both clock routes as unknown URLs (404) for an account created with routes_absent, whatever the key', async () => {
  const account = await emulator.createAccount({ objects: { customers: 2 }, routes_absent: ['test_clocks'] });
  const clock = (await emulator.call('POST', `/_emulator/accounts/${account.id}/test_clocks`, { body: { name: 'unlisted' } })).body as {
    id: string;
  };
  expect((await emulator.call('GET', `/_emulator/accounts/${account.id}`)).body).toMatchObject({ routes_absent: ['test_clocks'] });
  for (const key of [account.secret_key, account.restricted_key]) {
    const auth = { headers: { authorization: `Bearer ${key}` } };
    for (const path of ['/v1/test_helpers/test_clocks', `/v1/test_helpers/test_clocks/${clock.id}`]) {
      const response = await emulator.call('GET', path, auth);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (GET: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          },
        },
      });
    }
    // Only those routes: the customers still answer.
    expect((await emulator.call('GET', '/v1/customers', auth)).status).toBe(200);
  }
  const refused = await emulator.call('POST', '/_emulator/accounts', { body: { routes_absent: ['charges'] } });
  expect(refused.status).toBe(400);
});
