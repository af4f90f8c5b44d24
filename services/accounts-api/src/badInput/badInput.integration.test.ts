import { errorBodySchema } from '@datasync/openapi';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { newClient, type TestClient } from '../testing/fixtures';
import { rawRequest, type RawRequest, type RawResponse } from '../testing/http';

let api: ApiTestApp;
let client: TestClient;

beforeAll(async () => {
  api = await startApiTestApp();
  client = await newClient(api, { earlyAccess: true });
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

const send = (request: RawRequest) =>
  rawRequest(api.baseUrl, { ...request, headers: { authorization: client.authorization, ...request.headers } });

function expectError(res: RawResponse, status: number, fields: Record<string, unknown>) {
  expect({ status: res.status, body: res.json }).toEqual({ status, body: expect.objectContaining(fields) });
  expect(errorBodySchema.validate(res.json).error).toBeUndefined();
  expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|Error:/);
}

const json = { 'content-type': 'application/json' };

describe('bad input never yields a 500 or a stack', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    expectError(await send({ method: 'POST', path: '/accounts', headers: json, body: '{"sourceType": "stripe",' }), 400, {
      code: 'invalid_json',
    });
  });

  it('bytes that are not UTF-8 in a JSON body → 400', async () => {
    const res = await send({
      method: 'POST',
      path: '/accounts',
      headers: json,
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expectError(res, 400, { type: 'invalid_request_error' });
  });

  it('a body that is JSON but not an object → 400 naming the body', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await send({ method: 'POST', path: '/accounts', headers: json, body });
      expectError(res, 400, { type: 'invalid_request_error' });
    }
  });

  it('wrong types in every field → 400 listing them', async () => {
    const res = await send({
      method: 'POST',
      path: '/accounts',
      headers: json,
      body: JSON.stringify({ sourceType: 1, credential: [], app: {}, identifier: true }),
    });
    expectError(res, 400, { code: 'parameter_invalid' });
    expect([...new Set((res.json as { errors: { param: string }[] }).errors.map((e) => e.param))]).toEqual([
      'sourceType',
      'credential',
      'app',
      'identifier',
    ]);
  });

  it('a prototype-polluting key is just an unknown field', async () => {
    const res = await send({
      method: 'POST',
      path: '/accounts',
      headers: json,
      body: '{"__proto__": {"admin": true}, "sourceType": "stripe"}',
    });
    expectError(res, 400, { code: 'parameter_invalid' });
  });

  it('a body over the limit → 413', async () => {
    const res = await send({ method: 'POST', path: '/accounts', headers: json, body: JSON.stringify({ identifier: 'x'.repeat(200_000) }) });
    expectError(res, 413, { code: 'body_too_large' });
  });

  it('a body that is not JSON → 415, also with an unsupported charset', async () => {
    expectError(await send({ method: 'POST', path: '/accounts', headers: { 'content-type': 'text/plain' }, body: 'hello' }), 415, {
      code: 'unsupported_media_type',
    });
    expectError(
      await send({
        method: 'PUT',
        path: '/accounts/stripe/x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'active=true',
      }),
      415,
      {
        code: 'unsupported_media_type',
      },
    );
    expectError(
      await send({ method: 'POST', path: '/accounts', headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' }),
      415,
      {
        code: 'unsupported_media_type',
      },
    );
  });

  it('unknown routes → 404, other methods → 405 with Allow', async () => {
    expectError(await send({ method: 'GET', path: '/nope' }), 404, { code: 'resource_missing' });
    expectError(await send({ method: 'GET', path: '/accounts/stripe' }), 404, { code: 'resource_missing' });
    const res = await send({ method: 'PATCH', path: '/accounts' });
    expectError(res, 405, { code: 'method_not_allowed' });
    expect(res.headers.allow).toBe('GET, POST');
  });

  it('odd, over-long or non-UTF-8 path segments → 400', async () => {
    expectError(await send({ method: 'GET', path: '/accounts/stripe/%FF%FE' }), 400, { type: 'invalid_request_error' });
    expectError(await send({ method: 'GET', path: '/accounts/stripe/%E0%A4%A' }), 400, { type: 'invalid_request_error' });
    expectError(await send({ method: 'GET', path: `/accounts/stripe/${'a'.repeat(5000)}` }), 400, { param: 'identifier' });
    expectError(await send({ method: 'GET', path: '/accounts/stripe/a%2Fb' }), 400, { param: 'identifier' });
    expectError(await send({ method: 'GET', path: '/accounts/stripe/%00' }), 400, { param: 'identifier' });
    expectError(await send({ method: 'GET', path: '/accounts/..%2F..%2Fetc/passwd' }), 400, { param: 'source_type' });
    expectError(await send({ method: 'POST', path: `/sources/${'%C3%A9'.repeat(100)}/accounts`, headers: json, body: '{}' }), 400, {
      param: 'sourceName',
    });
  });

  it('odd query strings → 400', async () => {
    expectError(await send({ method: 'GET', path: '/accounts?limit=1&limit=2' }), 400, { param: 'limit' });
    expectError(await send({ method: 'GET', path: '/accounts?limit=%FF' }), 400, { param: 'limit' });
    expectError(await send({ method: 'GET', path: '/accounts?active[x]=1' }), 400, { type: 'invalid_request_error' });
  });

  it('odd Authorization headers → 401', async () => {
    for (const authorization of [
      'Basic',
      'Basic !!!',
      `Basic ${Buffer.from('nocolon').toString('base64')}`,
      `Basic ${Buffer.from([0xff, 0x3a, 0xfe]).toString('base64')}`,
      'Basic '.padEnd(3000, 'A'),
    ]) {
      expectError(await send({ method: 'GET', path: '/accounts', headers: { authorization } }), 401, { type: 'authentication_error' });
    }
  });
});
