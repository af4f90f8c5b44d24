import type { SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { JobCatalog, Producer } from '@datasync/queue';
import type { RetryPolicy, UrlGuard } from '@datasync/webhooks';
import type { DestinationAccessSettings } from './access/destinationAccess';
import type { DestinationPool } from './access/destinationPool';
import type { ProviderAccess } from './access/providerAccess';
import type { RunningJobs } from './jobs/runningJobs';
import type { LoaderMetrics } from './metrics/metrics';
import type { JobQueues } from './queue/jobQueues';

/** Tuning of the backfill, from the loader's configuration. */
export interface LoaderSettings {
  /** Segments of one account enqueued or running at once against a fast provider: the floor of its cap. */
  segmentsPerAccount: number;
  /** The most segments of one account enqueued or running at once, however slow the provider. */
  maxSegmentsPerAccount: number;
  /** Estimated rows a reading segment must have left before it is split for an idle slot. */
  splitMinRows: number;
  maxSegmentsPerRun: number;
  pagesPerSegment: number;
  pageSize: number;
  /** Most rows written as one batch (pages fetched while the previous batch was written). */
  batchRows: number;
  /** A segment job reads this long, then yields its worker slot. */
  sliceMs: number;
  leaseMs: number;
  errorRetry: { baseMs: number; maxMs: number };
  /** Interval of each active account's `account.poll` scheduler while the account changed recently. */
  pollIntervalMs: number;
  /** The interval once no poll has found a change for pollActiveForMs (never shorter than pollIntervalMs). */
  pollIdleIntervalMs: number;
  pollActiveForMs: number;
  /** Webhooks (docs/webhooks.md): the poll interval of an account while its source's webhooks are healthy. */
  pollIntervalWithWebhooksMs: number;
  /** The source's webhooks count as healthy while a delivery reached it within this long. */
  webhooksHealthyForMs: number;
  /** A scheduled poll finding changes no webhook announced within this long is a gap: the account goes back to pollIntervalMs. */
  webhookGapGraceMs: number;
  /** Rows one purge statement deletes. */
  purgeBatchRows: number;
  /** Seconds behind the newest event that every poll reads again, for events the provider lists late. */
  eventLookbackS: number;
  /** A full verification follows every completed load of an account. */
  verifyAfterLoad: boolean;
  /** Objects a verification window gathers (whole list pages) before comparing them with the destination. */
  verifyWindowObjects: number;
  /** Parts of a table's `created` range one verification lists side by side. */
  verifyConcurrency: number;
  /** A verification job lists this long, then yields its worker slot. */
  verifySliceMs: number;
  /** How long after it was asked for a verification waits while this process loads (segment jobs run). */
  verifyDeferMs: number;
  /** How far back a `recent` verification reaches, in days of `created`. */
  verifyRecentDays: number;
  /** Seconds before now where a verification's range ends: newer objects may still be on their way. */
  verifySettleS: number;
  /** Minutes between scheduled full verifications of an account; 0: none on schedule. */
  verifyFullEveryMinutes: number;
  /** Minutes between scheduled verifications of the recent window; 0: none on schedule. */
  verifyRecentEveryMinutes: number;
}

/** Outbound webhook delivery (docs/webhook-endpoints.md). */
export interface WebhookSettings {
  guard: UrlGuard;
  /** One delivery's whole request. */
  timeoutMs: number;
  /** How often due deliveries are enqueued. */
  dispatchIntervalMs: number;
  /** Events older than this go, with their deliveries and attempts (the reconciler prunes them). */
  retentionMs: number;
  policy: RetryPolicy;
}

/** What the job handlers share; built once by main (or by a test). */
export interface LoaderDeps {
  knex: Knex;
  secretBox: SecretBox;
  producer: Producer<JobCatalog>;
  queues: JobQueues;
  providers: ProviderAccess;
  destinations: DestinationAccessSettings;
  /** The segment jobs' destination connections, shared by the process's jobs and bounded per destination. */
  destinationPool: DestinationPool;
  settings: LoaderSettings;
  webhooks: WebhookSettings;
  metrics: LoaderMetrics;
  logger: Logger;
  /** True once the process is shutting down: segment jobs give their segment back at the next page. */
  stopping(): boolean;
  /** The jobs this process runs now (a verification waits while segment jobs load). */
  running: RunningJobs;
}
