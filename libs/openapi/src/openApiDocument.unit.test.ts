import Joi from 'joi';
import { buildOpenApiDocument, defineRoute, type RouteAuth, type SecurityRequirement } from './index';

const auth: RouteAuth = {
  middleware: (_req, _res, next) => next(),
  security: (method): SecurityRequirement[] =>
    method === 'get' ? [{ basicAuth: [] }, { sessionCookie: [] }] : [{ basicAuth: [] }, { sessionCookie: [], csrfToken: [] }],
  errorStatuses: (method) => (method === 'get' ? [401] : [401, 403]),
};

const thing = Joi.object({ name: Joi.string().required(), enabled: Joi.boolean().required() }).meta({ component: 'Thing' });

const routes = [
  defineRoute({
    method: 'put',
    path: '/things/{name}/enabled',
    summary: 'Switch a thing',
    auth,
    params: Joi.object({ name: Joi.string().valid('a', 'b').required().description('which thing') }),
    body: Joi.object({ enabled: Joi.boolean().required() }),
    responses: { 200: Joi.object({ thing }) },
    handler: () => ({}),
  }),
  defineRoute({
    method: 'get',
    path: '/things',
    summary: 'List things',
    auth,
    query: Joi.object({ limit: Joi.number().integer().min(1).max(100) }),
    responses: { 200: Joi.object({ data: Joi.array().items(thing) }) },
    handler: () => ({}),
  }),
];

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({
    title: 'Things',
    version: '1',
    servers: [{ url: '/api/v1' }],
    securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } },
    routes,
  });

  it('describes path parameters, the body, responses and security from the route specs', () => {
    const put = doc.paths['/things/{name}/enabled']?.put;
    expect(put).toEqual({
      operationId: 'putThingsNameEnabled',
      summary: 'Switch a thing',
      security: [{ basicAuth: [] }, { sessionCookie: [], csrfToken: [] }],
      parameters: [{ name: 'name', in: 'path', required: true, description: 'which thing', schema: { type: 'string', enum: ['a', 'b'] } }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'], additionalProperties: false },
          },
        },
      },
      responses: {
        200: {
          description: 'OK',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { thing: { $ref: '#/components/schemas/Thing' } }, additionalProperties: false },
            },
          },
        },
        400: { description: 'Bad Request', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        401: { description: 'Unauthorized', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        403: { description: 'Forbidden', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        default: expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }),
      },
    });
  });

  it('describes query parameters as optional unless required', () => {
    expect(doc.paths['/things']?.get?.parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ]);
    expect(doc.paths['/things']?.get?.requestBody).toBeUndefined();
  });

  it('collects named schemas and the error body into components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Error', 'Thing']);
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['type', 'message'] });
    expect(doc.components.securitySchemes).toEqual({ basicAuth: { type: 'http', scheme: 'basic' } });
  });

  it('refuses a path whose placeholders differ from its params schema', () => {
    const broken = defineRoute({ method: 'get', path: '/x/{id}', summary: 'x', responses: { 200: Joi.object() }, handler: () => ({}) });
    expect(() => buildOpenApiDocument({ title: 't', version: '1', servers: [], routes: [broken] })).toThrow(
      /path parameters \[id\] differ/,
    );
  });
});
