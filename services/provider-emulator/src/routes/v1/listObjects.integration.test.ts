import Stripe from 'stripe';
import { stripeCatalog } from '@datasync/providers';
import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('GET /v1/<resource>', () => {
  it('answers every catalog resource in the shape the SDK parses: list, newest first', async () => {
    const account = await emulator.createAccount({ objects: Object.fromEntries(stripeCatalog.resources.map((r) => [r.name, 12])) });
    const stripe = emulator.stripe(account.secret_key);
    for (const resource of stripeCatalog.resources) {
      const page = await stripe.rawRequest('GET', `${resource.endpoint}?limit=5${resource.fullListParams ? '&status=all' : ''}`);
      const body = page as unknown as {
        object: string;
        data: { id: string; object: string; created: number }[];
        has_more: boolean;
        url: string;
      };
      expect({ resource: resource.name, object: body.object, url: body.url, has_more: body.has_more, count: body.data.length }).toEqual({
        resource: resource.name,
        object: 'list',
        url: resource.endpoint,
        has_more: true,
        count: 5,
      });
      for (const item of body.data) expect(item.object).toBe(resource.object);
      const created = body.data.map((item) => item.created);
      expect(created).toEqual([...created].sort((a, b) => b - a));
    }
    const charges = await stripe.charges.list({ limit: 3 });
    expect(charges.data[0]?.billing_details.address?.country).toBe('US');
    expect(charges.data[0]?.payment_method_details?.type).toBe('card');
  });

  it('pages exactly 100 objects in one page and 101 in two, without repeating or skipping', async () => {
    const hundred = await emulator.createAccount({ objects: { charges: 100 } });
    const page = await emulator.stripe(hundred.secret_key).charges.list({ limit: 100 });
    expect(page.data).toHaveLength(100);
    expect(page.has_more).toBe(false);

    const more = await emulator.createAccount({ objects: { charges: 101 } });
    const stripe = emulator.stripe(more.secret_key);
    const first = await stripe.charges.list({ limit: 100 });
    expect(first.has_more).toBe(true);
    const second = await stripe.charges.list({ limit: 100, starting_after: first.data[99]?.id });
    expect(second.data).toHaveLength(1);
    expect(second.has_more).toBe(false);
    const ids = [...first.data, ...second.data].map((c) => c.id);
    expect(new Set(ids).size).toBe(101);
    const all = await stripe.charges.list({ limit: 7 }).autoPagingToArray({ limit: 1000 });
    expect(all.map((c) => c.id)).toEqual(ids);
  });

  it('answers an empty list for an account without objects', async () => {
    const empty = await emulator.createAccount({ objects: {} });
    const page = await emulator.stripe(empty.secret_key).charges.list();
    expect(page.data).toEqual([]);
    expect(page.has_more).toBe(false);
  });

  it('filters created with gt/gte/lt/lte (exclusive/inclusive) and an exact created', async () => {
    const account = await emulator.createAccount({ objects: { charges: 30 }, end: 1_700_000_000, history_days: 1 });
    const stripe = emulator.stripe(account.secret_key);
    const all = (await stripe.charges.list({ limit: 100 })).data;
    const pivot = all[10]?.created ?? 0;
    const count = async (created: Stripe.RangeQueryParam | number) => (await stripe.charges.list({ limit: 100, created })).data.length;
    expect(await count({ gte: pivot })).toBe(all.filter((c) => c.created >= pivot).length);
    expect(await count({ gt: pivot })).toBe(all.filter((c) => c.created > pivot).length);
    expect(await count({ lte: pivot })).toBe(all.filter((c) => c.created <= pivot).length);
    expect(await count({ lt: pivot })).toBe(all.filter((c) => c.created < pivot).length);
    expect(await count(pivot)).toBe(all.filter((c) => c.created === pivot).length);
    expect(await count({ gt: pivot })).toBeLessThan(await count({ gte: pivot }));
    const window = await stripe.charges.list({ limit: 100, created: { gte: all[20]?.created, lt: all[5]?.created } });
    expect(window.data.every((c) => c.created >= (all[20]?.created ?? 0) && c.created < (all[5]?.created ?? 0))).toBe(true);
  });

  it('pages backwards with ending_before', async () => {
    const account = await emulator.createAccount({ objects: { customers: 20 } });
    const stripe = emulator.stripe(account.secret_key);
    const all = (await stripe.customers.list({ limit: 20 })).data.map((c) => c.id);
    const back = await stripe.customers.list({ limit: 3, ending_before: all[10] });
    expect(back.data.map((c) => c.id)).toEqual(all.slice(7, 10));
    expect(back.has_more).toBe(true);
    const top = await stripe.customers.list({ limit: 3, ending_before: all[2] });
    expect(top.data.map((c) => c.id)).toEqual(all.slice(0, 2));
    expect(top.has_more).toBe(false);
  });

  it('filters by customer in O(page) even in a million-charge account', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1_000_000, customers: 1000 } });
    const stripe = emulator.stripe(account.secret_key);
    const customer = (await stripe.customers.list({ limit: 1 })).data[0]?.id ?? '';
    const started = Date.now();
    const page = await stripe.charges.list({ limit: 100, customer });
    expect(page.data.length).toBeGreaterThan(50);
    expect(page.data.every((c) => c.customer === customer)).toBe(true);
    expect(page.has_more).toBe(true);
    const deep = await stripe.charges.list({ limit: 100, starting_after: page.data[99]?.id, customer });
    expect(deep.data.every((c) => c.customer === customer && c.created <= (page.data[99]?.created ?? 0))).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lists subscriptions without canceled ones unless status says otherwise', async () => {
    const account = await emulator.createAccount({ objects: { subscriptions: 60, customers: 10, prices: 5, products: 2 } });
    const stripe = emulator.stripe(account.secret_key);
    const active = (await stripe.subscriptions.list({ limit: 100 })).data;
    const all = (await stripe.subscriptions.list({ limit: 100, status: 'all' })).data;
    expect(all).toHaveLength(60);
    expect(active.length).toBe(all.filter((s) => s.status !== 'canceled').length);
    expect(active.length).toBeLessThan(60);
  });

  it('refuses unknown parameters, bad limits and unknown cursors with Stripe’s nested error body', async () => {
    const account = await emulator.createAccount({ objects: { charges: 3 } });
    const auth = { authorization: `Bearer ${account.secret_key}` };
    const unknown = await emulator.call('GET', '/v1/charges?colour=red', { headers: auth });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'colour',
        message: 'Received unknown parameter: colour',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
      },
    });
    const limit = await emulator.call('GET', '/v1/charges?limit=101', { headers: auth });
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'limit' } });
    await expect(emulator.stripe(account.secret_key).charges.list({ starting_after: 'ch_doesnotexist' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'starting_after',
    });
    expect(limit.headers.get('request-id')).toMatch(/^req_/);
  });

  it('answers 401 with the nested body for a missing or unknown key', async () => {
    const missing = await emulator.call('GET', '/v1/charges');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: { type: 'invalid_request_error' } });
    const bad = await emulator.call('GET', '/v1/charges', { headers: { authorization: 'Bearer sk_test_51nothingrealhere1234' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: 'Invalid API Key provided: sk_test_*****************1234',
        doc_url: 'https://stripe.com/docs/error-codes/api-key-invalid',
      },
    });
    await expect(emulator.stripe('sk_test_51nothingrealhere1234').charges.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
