import type http from 'node:http';
import express from 'express';
import request from 'supertest';
import { RateLimitError } from '@datasync/errors';
import { silentLogger } from '@datasync/logger';
import { createHttpApp, finishHttpApp } from '../httpApp';
import { Readiness } from '../readiness';
import { mountRoutes } from '../routes';
import { boundPort } from '../serve';
import { createHttpMetrics } from './httpMetrics';
import { serveMetrics } from './metricsServer';

// The HTTP metrics over real HTTP: labels are route templates (never raw paths), statuses and
// limiters; a request held open shows in flight; the metrics live on their own listener only.

const logger = silentLogger();
/** Set by the held route once it has the request: calling it answers. */
const held: { release?: () => void } = {};

function buildApp() {
  const metrics = createHttpMetrics({ processPrefix: 'test_http_', routePrefixes: ['/pages'] });
  const app = createHttpApp({ logger, readiness: new Readiness({}), metrics: metrics.middleware });
  const api = express.Router();
  mountRoutes(api, [
    { method: 'get', path: '/things/:id', handlers: [(req, res) => void res.json({ id: req.params.id })] },
    {
      method: 'post',
      path: '/things',
      handlers: [
        () => {
          throw new RateLimitError(1, 'slow down', 'test_limit');
        },
      ],
    },
    { method: 'get', path: '/held', handlers: [(_req, res) => void new Promise<void>((r) => (held.release = r)).then(() => res.json({}))] },
  ]);
  app.use('/api/v1', api);
  const pages = express.Router();
  pages.get('/:slug', (_req, res) => void res.send('<p>page</p>'));
  app.use('/pages', pages);
  return { app: finishHttpApp(app, logger), registry: metrics.registry };
}

it('labels requests by route template and status, never by their raw path', async () => {
  const { app, registry } = buildApp();
  await request(app).get('/api/v1/things/th_secret123').expect(200);
  await request(app).get('/api/v1/things/th_other').expect(200);
  await request(app).delete('/api/v1/things/th_x').expect(405);
  await request(app).get('/pages/welcome-abc').expect(200);
  await request(app).get('/no/such/path-xyz').expect(404);
  const text = await registry.metrics();
  expect(text).toContain('datasync_http_requests_total{method="GET",route="/api/v1/things/:id",status="200"} 2');
  expect(text).toContain('datasync_http_requests_total{method="DELETE",route="/api/v1/things/:id",status="405"} 1');
  expect(text).toContain('datasync_http_requests_total{method="GET",route="/pages/:slug",status="200"} 1');
  expect(text).toContain('datasync_http_requests_total{method="GET",route="unmatched",status="404"} 1');
  expect(text).toContain('datasync_http_request_duration_seconds_count{method="GET",route="/api/v1/things/:id",status="200"} 2');
  expect(text).toContain('test_http_process_resident_memory_bytes');
  for (const raw of ['th_secret123', 'th_other', 'welcome-abc', 'path-xyz']) expect(text).not.toContain(raw);
});

it('counts 429s by the limiter that refused them', async () => {
  const { app, registry } = buildApp();
  await request(app).post('/api/v1/things').send({}).expect(429);
  const text = await registry.metrics();
  expect(text).toContain('datasync_http_rate_limited_total{limiter="test_limit"} 1');
  expect(text).toContain('datasync_http_requests_total{method="POST",route="/api/v1/things",status="429"} 1');
});

it('shows a request in flight until it is answered', async () => {
  const { app, registry } = buildApp();
  delete held.release;
  const answered = request(app)
    .get('/api/v1/held')
    .then((r) => r.status);
  await waitUntil(async () => held.release !== undefined);
  expect(await registry.metrics()).toContain('datasync_http_requests_in_flight 1');
  answerHeld();
  expect(await answered).toBe(200);
  expect(await registry.metrics()).toContain('datasync_http_requests_in_flight 0');
});

it('serves /metrics on its own listener, not on the public one', async () => {
  const { app, registry } = buildApp();
  await request(app).get('/metrics').expect(404);
  const server: http.Server = await serveMetrics({ registry, port: 0, host: '127.0.0.1', logger });
  try {
    const response = await fetch(`http://127.0.0.1:${boundPort(server)}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE datasync_http_requests_total counter');
    expect((await fetch(`http://127.0.0.1:${boundPort(server)}/api/v1/things/x`)).status).toBe(404);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function answerHeld(): void {
  held.release?.();
}

/** Polls a condition the test itself brings about (the held request reaching its handler). */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}
