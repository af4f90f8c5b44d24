import { stripeCatalog } from '@datasync/providers';
import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('GET /v1/<resource>/:id', () => {
  it('retrieves what the list shows, for every catalog resource', async () => {
    const account = await emulator.createAccount({ objects: Object.fromEntries(stripeCatalog.resources.map((r) => [r.name, 5])) });
    const auth = { authorization: `Bearer ${account.secret_key}` };
    for (const resource of stripeCatalog.resources) {
      const list = await emulator.call('GET', `${resource.endpoint}?limit=2${resource.fullListParams ? '&status=all' : ''}`, {
        headers: auth,
      });
      const listed = (list.body as { data: { id: string }[] }).data[1];
      const one = await emulator.call('GET', `${resource.endpoint}/${listed?.id}`, { headers: auth });
      expect({ resource: resource.name, status: one.status, body: one.body }).toEqual({
        resource: resource.name,
        status: 200,
        body: listed,
      });
    }
    const stripe = emulator.stripe(account.secret_key);
    const charge = (await stripe.charges.list({ limit: 1 })).data[0];
    expect((await stripe.charges.retrieve(charge?.id ?? '')).amount).toBe(charge?.amount);
  });

  it('answers 404 resource_missing for an unknown id, and for another account’s object', async () => {
    const account = await emulator.createAccount({ objects: { charges: 2 } });
    const other = await emulator.createAccount({ objects: { charges: 2 } });
    const foreign = (await emulator.stripe(other.secret_key).charges.list()).data[0]?.id ?? '';
    const missing = await emulator.call('GET', '/v1/charges/ch_nope', { headers: { authorization: `Bearer ${account.secret_key}` } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such charge: 'ch_nope'",
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      },
    });
    await expect(emulator.stripe(account.secret_key).charges.retrieve(foreign)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('requires a key', async () => {
    expect((await emulator.call('GET', '/v1/charges/ch_x')).status).toBe(401);
  });
});
