import request from 'supertest';
import { ApiError, AuthenticationError, InvalidRequestError } from '@datasync/errors';
import { silentLogger } from '@datasync/logger';
import { createHttpApp, finishHttpApp, mountRoutes, Readiness } from './index';

function buildApp(checks: Record<string, () => Promise<unknown>> = {}) {
  const logger = silentLogger();
  const readiness = new Readiness(checks, 200);
  const app = createHttpApp({ logger, readiness, bodyLimit: '1kb' });
  mountRoutes(app, [
    { method: 'post', path: '/things', handlers: [(req, res) => void res.json({ got: req.body as unknown })] },
    { method: 'get', path: '/things', handlers: [(_req, res) => void res.json({ data: [] })] },
    {
      method: 'post',
      path: '/guarded',
      authenticate: [
        (req, _res, next) => next(req.headers.authorization === 'Basic ok' ? undefined : new AuthenticationError('Who are you?')),
      ],
      handlers: [(req, res) => void res.json({ got: req.body as unknown })],
    },
    {
      method: 'get',
      path: '/boom',
      handlers: [
        () => {
          throw new Error('db password is hunter2 at 10.0.0.5');
        },
      ],
    },
    {
      method: 'get',
      path: '/known',
      handlers: [
        () => {
          throw new InvalidRequestError('Nope.', { param: 'x', code: 'nope' });
        },
      ],
    },
    {
      method: 'get',
      path: '/async-boom',
      handlers: [
        async () => {
          await Promise.resolve();
          throw new ApiError(503, 'api_error', 'Try later.', { code: 'service_unavailable' });
        },
      ],
    },
  ]);
  finishHttpApp(app, logger);
  return { app, readiness };
}

describe('http app', () => {
  const { app, readiness } = buildApp();

  it('answers /health', async () => {
    await request(app).get('/health').expect(200, { status: 'ok' });
  });

  it('answers 404 JSON for an unknown route', async () => {
    const res = await request(app).get('/nowhere').expect(404);
    expect(res.body).toEqual({ type: 'invalid_request_error', code: 'resource_missing', message: 'No such route: GET /nowhere.' });
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await request(app).delete('/things').expect(405);
    expect(res.headers.allow).toBe('POST, GET');
    expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await request(app).post('/things').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({ type: 'invalid_request_error', code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers 413 for an oversized body', async () => {
    const res = await request(app)
      .post('/things')
      .send({ a: 'x'.repeat(5000) })
      .expect(413);
    expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'body_too_large' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await request(app).post('/things').set('Content-Type', 'text/plain').send('hello').expect(415);
    expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_media_type' });
  });

  it('authenticates before it answers for the body: 401 first, then 400 / 413 / 415', async () => {
    const guarded = () => request(app).post('/guarded');
    for (const send of [
      () => guarded().set('Content-Type', 'application/json').send('{"a":'),
      () => guarded().send({ a: 'x'.repeat(5000) }),
      () => guarded().set('Content-Type', 'text/plain').send('hello'),
    ]) {
      const res = await send().expect(401);
      expect(res.body).toMatchObject({ type: 'authentication_error', message: 'Who are you?' });
    }
    const authorized = () => guarded().set('Authorization', 'Basic ok');
    await authorized().set('Content-Type', 'application/json').send('{"a":').expect(400);
    await authorized()
      .send({ a: 'x'.repeat(5000) })
      .expect(413);
    await authorized().set('Content-Type', 'text/plain').send('hello').expect(415);
    await authorized()
      .send({ a: 1 })
      .expect(200, { got: { a: 1 } });
  });

  it('answers 400 for a body that does not decompress', async () => {
    const res = await request(app)
      .post('/things')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('not gzip')
      .expect(400);
    expect(res.body).toEqual({ type: 'invalid_request_error', code: 'invalid_body', message: 'The request body could not be read.' });
  });

  it('reads a missing body as an empty object', async () => {
    await request(app).post('/things').expect(200, { got: {} });
  });

  it('hides unknown errors behind an error_id', async () => {
    const res = await request(app).get('/boom').expect(500);
    expect(Object.keys(res.body as object).sort()).toEqual(['error_id', 'message', 'type']);
    expect(res.body.type).toBe('api_error');
    expect(res.body.error_id).toMatch(/^err_[0-9a-f]{32}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|10\.0\.0\.5|Error/);
  });

  it('passes known errors through, sync and async', async () => {
    await request(app).get('/known').expect(400, { type: 'invalid_request_error', message: 'Nope.', code: 'nope', param: 'x' });
    await request(app).get('/async-boom').expect(503, { type: 'api_error', message: 'Try later.', code: 'service_unavailable' });
  });

  it('answers a malformed percent-encoding in the path without a 500', async () => {
    const res = await request(app).get('/things/%E0%A4%A');
    expect([400, 404]).toContain(res.status);
  });

  it('reports unready while draining and while a check fails', async () => {
    const failing = buildApp({ db: () => Promise.reject(new Error('down')), slow: () => new Promise(() => undefined) });
    const res = await request(failing.app).get('/ready').expect(503);
    expect(res.body).toEqual({ ready: false, checks: { db: 'failing', slow: 'failing' } });
    await request(app).get('/ready').expect(200, { ready: true, checks: {} });
    readiness.startDraining();
    await request(app)
      .get('/ready')
      .expect(503, { ready: false, checks: { process: 'draining' } });
  });
});
