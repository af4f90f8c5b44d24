import request from 'supertest';
import { Readiness } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { createApp } from '../app';
import { createLoaderMetrics } from '../metrics/metrics';

const depths = { backfill: { waiting: 3, active: 2, delayed: 1, failed: 0 } };

function app(read: () => Promise<typeof depths> = async () => depths) {
  const metrics = createLoaderMetrics(read);
  metrics.rowsWritten.inc({ table: 'stripe_charges' }, 100);
  metrics.observer({ endpoint: '/v1/charges', list: true, outcome: 'rate_limited', durationMs: 3 });
  metrics.jobDuration.observe({ job: 'segment.load', outcome: 'completed' }, 0.2);
  return createApp({ logger: silentLogger(), readiness: new Readiness({}), metrics: metrics.registry });
}

describe('GET /metrics', () => {
  it('serves rows written, 429s, job latency and queue depth in the Prometheus format', async () => {
    const response = await request(app()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain('datasync_loader_rows_written_total{table="stripe_charges"} 100');
    expect(response.text).toContain('datasync_loader_rate_limited_total{origin="provider"} 1');
    expect(response.text).toContain('datasync_loader_provider_requests_total{endpoint="/v1/charges",outcome="rate_limited"} 1');
    expect(response.text).toContain('datasync_loader_job_duration_seconds_count{job="segment.load",outcome="completed"} 1');
    expect(response.text).toContain('datasync_queue_jobs{queue="backfill",state="waiting"} 3');
    expect(response.text).toContain('datasync_loader_process_resident_memory_bytes');
  });

  it('still answers when the queue depths cannot be read (Redis away)', async () => {
    const response = await request(app(async () => Promise.reject(new Error('redis down'))))
      .get('/metrics')
      .expect(200);
    expect(response.text).toContain('datasync_loader_rows_written_total{table="stripe_charges"} 100');
    expect(response.text).not.toContain('datasync_queue_jobs{');
  });

  it('answers 405 for another method', async () => {
    const response = await request(app()).post('/metrics').expect(405);
    expect(response.body).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
  });
});
