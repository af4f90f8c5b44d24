import request from 'supertest';
import type { OpenApiDocument, OpenApiOperation } from '@datasync/openapi';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp, signUp, type SignedUp } from '../../testing/accessApp';

const knex = getTestKnex();
const { app } = buildTestApp(knex);
afterAll(closeTestKnex);

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, unknown> };

let doc: OpenApiDocument;
let user: SignedUp;
const operations: { path: string; method: string; op: OpenApiOperation }[] = [];

beforeAll(async () => {
  doc = (await request(app).get('/api/v1/openapi.json').expect(200)).body as OpenApiDocument;
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) operations.push({ path, method, op });
  }
  user = await signUp(app);
});

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name] as Schema | undefined;
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return target;
}

// A value for each path parameter that the parameter's schema accepts.
function concretePath(path: string, op: OpenApiOperation): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const enumValues = op.parameters?.find((p) => p.name === name)?.schema.enum as string[] | undefined;
    return enumValues?.[0] ?? 'cli_000000000000000000000000';
  });
}

function call(method: string, url: string) {
  const agent = request(app);
  return agent[method as 'get' | 'post' | 'put' | 'patch' | 'delete'](`/api/v1${url}`);
}

describe('the OpenAPI document of config-service', () => {
  it('is OpenAPI 3.1 with unique operation ids and resolvable references', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of refs) expect(resolve({ $ref: ref })).toBeDefined();
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /signup',
        'POST /login',
        'POST /logout',
        'GET /session',
        'GET /environments',
        'POST /environments/current',
        'PUT /environments/{name}/early_access',
        'GET /client_credentials',
        'POST /client_credentials',
        'POST /client_credentials/{client_id}/revoke',
        'GET /openapi.json',
      ]),
    );
  });

  it('every route documented as authenticated answers 401 in the error shape without credentials', async () => {
    const secured = operations.filter((o) => (o.op.security ?? []).length > 0);
    expect(secured.length).toBeGreaterThanOrEqual(8);
    for (const { path, method, op } of secured) {
      const res = await call(method, concretePath(path, op)).send({});
      expect([`${method} ${path}`, res.status]).toEqual([`${method} ${path}`, 401]);
      expect(res.body).toEqual(expect.objectContaining({ type: 'authentication_error', message: expect.any(String) }));
      expect(op.responses['401']).toBeDefined();
    }
  });

  it('every route answers 400 naming exactly the documented required body fields when they are missing, plus an unknown query parameter', async () => {
    for (const { path, method, op } of operations) {
      const req = call(method, `${concretePath(path, op)}?undocumented=1`)
        .set('Cookie', `datasync_session=${user.cookie}`)
        .set('X-CSRF-Token', user.csrf);
      const res = await (method === 'get' ? req : req.send({}));
      expect([`${method} ${path}`, res.status]).toEqual([`${method} ${path}`, 400]);
      const bodySchema = op.requestBody ? resolve(op.requestBody.content['application/json'].schema as Schema) : {};
      const expected = [...(bodySchema.required ?? []), 'undocumented'].sort();
      const named = (res.body.errors as { param: string }[]).map((e) => e.param).sort();
      expect([`${method} ${path}`, named]).toEqual([`${method} ${path}`, expected]);
      expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
      expect(op.responses['400']).toBeDefined();
    }
  });

  it('every GET route without path parameters answers 200 with the fields its schema requires', async () => {
    const gets = operations.filter((o) => o.method === 'get' && !o.path.includes('{'));
    for (const { path, op } of gets) {
      const res = await call('get', path).set('Cookie', `datasync_session=${user.cookie}`).expect(200);
      const schema = resolve(op.responses['200']?.content?.['application/json'].schema as Schema);
      for (const key of schema.required ?? []) expect([path, key, key in res.body]).toEqual([path, key, true]);
    }
  });
});
