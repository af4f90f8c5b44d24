import request from 'supertest';
import { errorBodySchema, type OpenApiDocument } from '@datasync/openapi';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { newClient, type TestClient } from '../../testing/fixtures';

// The document is the contract integrators generate clients from: walk it and check that the
// server answers every documented operation, with a documented status and body shape.

let api: ApiTestApp;
let client: TestClient;
let document: OpenApiDocument;

beforeAll(async () => {
  api = await startApiTestApp();
  client = await newClient(api, { earlyAccess: true });
  document = (await request(api.baseUrl).get('/openapi.json').expect(200)).body as OpenApiDocument;
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

const PLACEHOLDERS: Record<string, string> = {
  source_type: 'stripe',
  identifier: 'no-such-account',
  sourceName: 'no_such_source',
  id: '00000000-0000-4000-8000-000000000000',
  delivery_id: '00000000-0000-4000-8000-000000000001',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function operations() {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
}

function concrete(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = PLACEHOLDERS[name];
    if (!value) throw new Error(`no placeholder value for {${name}}`);
    return value;
  });
}

function call(method: string, path: string, authorization?: string) {
  const req = request(api.baseUrl)[method as 'get' | 'post' | 'put' | 'delete'](path);
  return authorization ? req.set('Authorization', authorization) : req;
}

function expectDocumented(res: request.Response, op: OpenApiDocument['paths'][string][string], what: string) {
  const documented = op.responses[String(res.status)];
  expect({ what, status: res.status, documented: Boolean(documented) }).toEqual({ what, status: res.status, documented: true });
  if (res.status >= 400) {
    expect(documented?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(errorBodySchema.validate(res.body).error).toBeUndefined();
    expect(res.body.message).not.toMatch(/^No such route/);
  }
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists the spec endpoints and the extensions', () => {
    expect(document.openapi).toBe('3.1.0');
    const listed = operations()
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(listed).toEqual(
      [
        'DELETE /accounts/{source_type}/{identifier}',
        'GET /accounts',
        'GET /accounts/{source_type}/{identifier}',
        'GET /docs',
        'GET /openapi.json',
        'POST /accounts',
        'POST /accounts/{source_type}/{identifier}/resync',
        'POST /accounts/{source_type}/{identifier}/verify',
        'GET /link_sessions',
        'GET /link_sessions/{id}',
        'POST /link_sessions',
        'POST /link_sessions/{id}/revoke',
        'POST /sources/{sourceName}/accounts',
        'PUT /accounts/{source_type}/{identifier}',
        'GET /webhook_endpoints',
        'POST /webhook_endpoints',
        'GET /webhook_endpoints/{id}',
        'DELETE /webhook_endpoints/{id}',
        'POST /webhook_endpoints/{id}',
        'GET /webhook_endpoints/{id}/deliveries',
        'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/retry',
      ].sort(),
    );
    const postAccounts = document.paths['/accounts']?.post;
    expect(postAccounts?.requestBody?.content['application/json'].schema).toMatchObject({
      properties: {
        sourceType: expect.any(Object),
        credential: expect.any(Object),
        app: expect.any(Object),
        identifier: expect.any(Object),
      },
      required: ['sourceType', 'credential'],
      additionalProperties: false,
    });
    expect(postAccounts?.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
  });

  it('every secured operation answers an anonymous call with its documented 401', async () => {
    for (const { path, method, op } of operations().filter((o) => o.op.security)) {
      const res = await call(method, concrete(path));
      expectDocumented(res, op, `${method} ${path} anonymous`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    }
  });

  it('every operation answers an empty call and an invalid one with documented statuses and bodies', async () => {
    for (const { path, method, op } of operations()) {
      const url = concrete(path);
      const empty = await call(method, url, client.authorization);
      expectDocumented(empty, op, `${method} ${path} empty`);
      const invalid = await call(method, `${url}?unexpected=1`, client.authorization).send(
        method === 'get' || method === 'delete' ? undefined : { unexpected: true },
      );
      expectDocumented(invalid, op, `${method} ${path} invalid`);
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors).toEqual(expect.arrayContaining([{ param: 'unexpected', message: 'unexpected is not allowed' }]));
    }
  });

  it('answers another method on a documented path with 405 and the allowed methods', async () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const res = await request(api.baseUrl).patch(concrete(path)).set('Authorization', client.authorization).send({});
      expect(res.status).toBe(405);
      expect(res.headers.allow?.split(', ').sort()).toEqual(
        Object.keys(methods)
          .map((m) => m.toUpperCase())
          .sort(),
      );
    }
  });
});

describe('GET /docs', () => {
  it('renders every operation as HTML under a strict Content-Security-Policy, without scripts', async () => {
    const res = await request(api.baseUrl).get('/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'none'/);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(res.text).toContain(`<style nonce="${nonce}">`);
    // Examples hold URLs as text (a webhook endpoint's, a return_url); what the page loads is checked below.
    expect(res.text).not.toMatch(/<script/i);
    for (const { path, method } of operations()) expect(res.text).toContain(`${method.toUpperCase()}</span>${path}`);
  });
  it('shows the request and response examples of every operation, and loads nothing from anywhere', async () => {
    const res = await request(api.baseUrl).get('/docs').expect(200);
    const shown = (value: unknown) => res.text.includes(escapeHtml(JSON.stringify(value, null, 2)));
    const examples = operations().flatMap(({ path, method, op }) => [
      ...(op.requestBody ? [{ what: `${method} ${path} request`, example: op.requestBody.content['application/json'].example }] : []),
      ...Object.entries(op.responses)
        .filter(([status, r]) => /^2/.test(status) && r.content)
        .map(([status, r]) => ({ what: `${method} ${path} ${status}`, example: r.content?.['application/json'].example })),
    ]);
    expect(examples.length).toBeGreaterThan(20);
    expect(examples.filter(({ example }) => example === undefined || !shown(example)).map(({ what }) => what)).toEqual([]);
    expect(res.text).toContain('<p>Example request</p>');
    expect(res.text).toContain('<p>Example response 202</p>');
    // Nothing to fetch: no script, image, stylesheet or frame; the one link is relative, to this host.
    expect([...res.text.matchAll(/\b(?:src|href|srcset|action)=["']?([^"'\s>]*)/gi)].map((m) => m[1])).toEqual(['openapi.json']);
    expect(res.text).not.toMatch(/<(?:script|link|img|iframe|object|embed)\b|url\(|@import/i);
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'nonce-[^']+'; base-uri 'none'; form-action 'none'/,
    );
  });
});
