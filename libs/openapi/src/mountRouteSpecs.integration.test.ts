import express from 'express';
import Joi from 'joi';
import request from 'supertest';
import { AuthenticationError } from '@datasync/errors';
import { createHttpApp, finishHttpApp, Readiness } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { buildOpenApiDocument, defineRoute, mountRouteSpecs, openApiRoute, type AnyRouteSpec, type RouteAuth } from './index';

const requireToken: RouteAuth = {
  middleware: (req, _res, next) => next(req.headers['x-token'] === 'ok' ? undefined : new AuthenticationError()),
  security: () => [{ token: [] }],
  errorStatuses: () => [401],
};

interface Body {
  name: string;
  count: number;
  tags?: string[];
}

const routes: AnyRouteSpec[] = [
  defineRoute<{ id: string }, { verbose?: boolean }, Body>({
    method: 'post',
    path: '/things/{id}',
    summary: 'Make a thing',
    auth: requireToken,
    params: Joi.object({
      id: Joi.string()
        .pattern(/^t_[a-z]+$/)
        .required(),
    }),
    query: Joi.object({ verbose: Joi.boolean() }),
    body: Joi.object({
      name: Joi.string().lowercase().max(5).required(),
      count: Joi.number().integer().min(1).required(),
      tags: Joi.array().items(Joi.string()),
    }),
    responses: { 201: Joi.object() },
    handler: ({ params, query, body }) => ({ id: params.id, verbose: query.verbose ?? false, ...body }),
  }),
  defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'No body',
    responses: { 204: { description: 'done' } },
    handler: () => undefined,
  }),
];

function buildApp() {
  const logger = silentLogger();
  const app = createHttpApp({ logger, readiness: new Readiness() });
  const router = express.Router();
  const all: AnyRouteSpec[] = [
    ...routes,
    openApiRoute(() => buildOpenApiDocument({ title: 't', version: '1', servers: [{ url: '/api' }], routes: all })),
  ];
  mountRouteSpecs(router, all);
  app.use('/api', router);
  return finishHttpApp(app, logger);
}

describe('mountRouteSpecs', () => {
  const app = buildApp();

  it('converts validated input and answers with the success status', async () => {
    const res = await request(app)
      .post('/api/things/t_abc?verbose=true')
      .set('X-Token', 'ok')
      .send({ name: 'ABC', count: '3' })
      .expect(201);
    expect(res.body).toEqual({ id: 't_abc', verbose: true, name: 'abc', count: 3 });
  });

  it('authenticates before validating, so an anonymous caller learns nothing about the input', async () => {
    const res = await request(app).post('/api/things/BAD').send({ bogus: 1 }).expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    expect(res.body.type).toBe('authentication_error');
  });

  it('names every invalid field of params, query and body in one 400', async () => {
    const res = await request(app)
      .post('/api/things/BAD?verbose=maybe&extra=1')
      .set('X-Token', 'ok')
      .send({ name: 'toolong', count: 0, tags: ['ok', 5], unknown: true })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'id',
      message: expect.any(String),
      errors: [
        { param: 'id', message: 'id with value BAD fails to match the required pattern: /^t_[a-z]+$/' },
        { param: 'verbose', message: 'verbose must be a boolean' },
        { param: 'extra', message: 'extra is not allowed' },
        { param: 'name', message: 'name length must be less than or equal to 5 characters long' },
        { param: 'count', message: 'count must be greater than or equal to 1' },
        { param: 'tags.1', message: 'tags[1] must be a string' },
        { param: 'unknown', message: 'unknown is not allowed' },
      ],
    });
    expect(res.body.message).toBe((res.body.errors as { message: string }[]).map((e) => e.message).join('; '));
  });

  it('names missing required fields when there is no body at all', async () => {
    const res = await request(app).post('/api/things/t_a').set('X-Token', 'ok').expect(400);
    expect(res.body.errors).toEqual([
      { param: 'name', message: 'name is required' },
      { param: 'count', message: 'count is required' },
    ]);
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await request(app).post('/api/things/t_a').set('X-Token', 'ok').send([1, 2]).expect(400);
    expect(res.body.errors).toEqual([{ param: 'body', message: 'The request body must be a JSON object.' }]);
  });

  it('refuses body fields on a route that takes none, and answers 204 with nothing', async () => {
    await request(app).post('/api/logout').send({ a: 1 }).expect(400);
    const res = await request(app).post('/api/logout').expect(204);
    expect(res.text).toBe('');
  });

  it('keeps the 405 and 415 answers of libs/http', async () => {
    const notAllowed = await request(app).get('/api/things/t_a').expect(405);
    expect(notAllowed.headers.allow).toBe('POST');
    await request(app).post('/api/things/t_a').set('X-Token', 'ok').set('Content-Type', 'text/plain').send('x').expect(415);
  });

  it('serves the OpenAPI document of the mounted routes, itself included', async () => {
    const res = await request(app).get('/api/openapi.json').expect(200);
    expect(Object.keys(res.body.paths as object).sort()).toEqual(['/logout', '/openapi.json', '/things/{id}']);
    expect(res.body.paths['/things/{id}'].post.security).toEqual([{ token: [] }]);
    expect(res.body.paths['/things/{id}'].post.responses['201']).toBeDefined();
  });
});
