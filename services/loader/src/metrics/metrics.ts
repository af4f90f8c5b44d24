import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueDepth } from '@datasync/queue';
import type { RequestObserver } from '@datasync/providers';
import { PageLatency } from './pageLatency';

export interface LoaderMetrics {
  registry: Registry;
  rowsWritten: Counter<'table'>;
  pagesFetched: Counter<'resource'>;
  providerRequests: Counter<'endpoint' | 'outcome'>;
  /** 429s from the provider and budget refusals that delayed a job. */
  rateLimited: Counter<'origin'>;
  jobDuration: Histogram<'job' | 'outcome'>;
  /** Provider events the loader cannot use (see skipReason), counted and skipped, never fatal. */
  eventsSkipped: Counter<'reason'>;
  /** The provider's recent answer time for a list page, fed by the observer. */
  pageLatency: PageLatency;
  /** Differences a verification found between the provider and a destination table, by kind. */
  verificationDrift: Counter<'table' | 'kind'>;
  /** Rows a verification wrote or marked deleted to repair them. */
  verificationRepaired: Counter<'table'>;
  /** Windows a verification compared, by outcome (`match`, `drift`). */
  verificationWindows: Counter<'outcome'>;
  /** Jobs that failed abnormally and stopped their account (docs/reliability.md, Poisoned jobs). */
  jobsPoisoned: Counter<'job' | 'code'>;
  /** For the connector: every HTTP attempt, 429s included. */
  observer: RequestObserver;
}

/**
 * The loader's Prometheus metrics. `depths` and `oldest` are read from Redis at every scrape
 * (queue depth per queue and state, what autoscaling on queue depth watches; the age of each
 * queue's first job in line); a failing read leaves its gauge empty.
 */
export function createLoaderMetrics(
  depths: () => Promise<Record<string, QueueDepth>>,
  oldest: () => Promise<Record<string, number>> = async () => ({}),
): LoaderMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'datasync_loader_' });
  const rowsWritten = new Counter({
    name: 'datasync_loader_rows_written_total',
    help: 'rows committed in destinations',
    labelNames: ['table'] as const,
    registers: [registry],
  });
  const pagesFetched = new Counter({
    name: 'datasync_loader_pages_fetched_total',
    help: 'list pages read from providers',
    labelNames: ['resource'] as const,
    registers: [registry],
  });
  const providerRequests = new Counter({
    name: 'datasync_loader_provider_requests_total',
    help: 'HTTP attempts to providers by outcome (every retry counts)',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'datasync_loader_rate_limited_total',
    help: 'provider 429s (origin=provider) and budget refusals (origin=budget) that delayed a job',
    labelNames: ['origin'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'datasync_loader_job_duration_seconds',
    help: 'time a job ran, by job name and outcome (completed, delayed, failed)',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60],
    registers: [registry],
  });
  const eventsSkipped = new Counter({
    name: 'datasync_loader_events_skipped_total',
    help: 'provider events skipped because no table can use them (reason: no_object_id, not_mounted, unknown_type)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const verificationDrift = new Counter({
    name: 'datasync_loader_verification_drift_total',
    help: 'differences verification found between the provider and a destination table (kind: missing, changed, stale, removed)',
    labelNames: ['table', 'kind'] as const,
    registers: [registry],
  });
  const verificationRepaired = new Counter({
    name: 'datasync_loader_verification_repaired_total',
    help: 'rows verification rewrote or marked deleted to repair drift',
    labelNames: ['table'] as const,
    registers: [registry],
  });
  const verificationWindows = new Counter({
    name: 'datasync_loader_verification_windows_total',
    help: 'created windows verification compared (outcome: match, drift)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobsPoisoned = new Counter({
    name: 'datasync_loader_jobs_poisoned_total',
    help: 'jobs that failed abnormally (content over a read bound, memory exhausted) and stopped their account',
    labelNames: ['job', 'code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'datasync_queue_jobs',
    help: 'jobs per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [queue, depth] of Object.entries(await depths())) {
          for (const [state, count] of Object.entries(depth)) this.set({ queue, state }, count);
        }
      } catch {
        // Redis unreachable: the other metrics still answer; /ready reports Redis.
      }
    },
  });
  new Gauge({
    name: 'datasync_queue_oldest_waiting_seconds',
    help: 'seconds the first job in line of each queue has waited (0: none waiting)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [queue, seconds] of Object.entries(await oldest())) this.set({ queue }, seconds);
      } catch {
        // Redis unreachable, as above.
      }
    },
  });
  const pageLatency = new PageLatency();
  return {
    registry,
    rowsWritten,
    pagesFetched,
    providerRequests,
    rateLimited,
    jobDuration,
    eventsSkipped,
    pageLatency,
    verificationDrift,
    verificationRepaired,
    verificationWindows,
    jobsPoisoned,
    observer: (report) => {
      providerRequests.inc({ endpoint: report.endpoint, outcome: report.outcome });
      if (report.list && report.outcome === 'ok') pageLatency.observe(report.durationMs);
      if (report.outcome === 'rate_limited') rateLimited.inc({ origin: 'provider' });
    },
  };
}
