import type { DestinationAccessSettings } from './access/destinationAccess';
import type { PoolLimits } from './access/destinationPool';
import type { LoaderConfig } from './config';
import type { LoaderSettings, WebhookSettings } from './deps';

export function loaderSettings(config: LoaderConfig): LoaderSettings {
  return {
    segmentsPerAccount: config.LOADER_SEGMENTS_PER_ACCOUNT,
    maxSegmentsPerAccount: Math.max(config.LOADER_SEGMENTS_PER_ACCOUNT, config.LOADER_MAX_SEGMENTS_PER_ACCOUNT),
    // Four pages: each half then still has two, worth a job of its own.
    splitMinRows: 4 * config.LOADER_PAGE_SIZE,
    maxSegmentsPerRun: config.LOADER_MAX_SEGMENTS_PER_RUN,
    pagesPerSegment: config.LOADER_PAGES_PER_SEGMENT,
    pageSize: config.LOADER_PAGE_SIZE,
    batchRows: config.LOADER_BATCH_ROWS,
    sliceMs: config.LOADER_SLICE_MS,
    leaseMs: config.LOADER_SEGMENT_LEASE_MS,
    errorRetry: { baseMs: config.LOADER_ERROR_RETRY_BASE_MS, maxMs: config.LOADER_ERROR_RETRY_MAX_MS },
    pollIntervalMs: config.LOADER_POLL_INTERVAL_MS,
    pollIdleIntervalMs: Math.max(config.LOADER_POLL_INTERVAL_MS, config.LOADER_POLL_IDLE_INTERVAL_MS),
    pollActiveForMs: config.LOADER_POLL_ACTIVE_FOR_MS,
    pollIntervalWithWebhooksMs: Math.max(config.LOADER_POLL_INTERVAL_MS, config.LOADER_POLL_INTERVAL_WITH_WEBHOOKS_MS),
    webhooksHealthyForMs: config.LOADER_WEBHOOKS_HEALTHY_FOR_MS,
    webhookGapGraceMs: config.LOADER_WEBHOOK_GAP_GRACE_MS,
    purgeBatchRows: config.LOADER_PURGE_BATCH_ROWS,
    eventLookbackS: config.LOADER_EVENT_LOOKBACK_S,
    verifyAfterLoad: config.LOADER_VERIFY_AFTER_LOAD,
    verifyWindowObjects: config.LOADER_VERIFY_WINDOW_OBJECTS,
    verifyConcurrency: config.LOADER_VERIFY_CONCURRENCY,
    verifySliceMs: config.LOADER_VERIFY_SLICE_MS,
    verifyDeferMs: config.LOADER_VERIFY_DEFER_S * 1000,
    verifyRecentDays: config.LOADER_VERIFY_RECENT_DAYS,
    verifySettleS: config.LOADER_VERIFY_SETTLE_S,
    verifyFullEveryMinutes: config.LOADER_VERIFY_FULL_EVERY_MIN,
    verifyRecentEveryMinutes: config.LOADER_VERIFY_RECENT_EVERY_MIN,
  };
}

export function destinationPoolLimits(config: LoaderConfig): PoolLimits {
  return { perDestination: config.LOADER_DESTINATION_CONNECTIONS, idleMs: 60_000 };
}

export function destinationAccessSettings(config: LoaderConfig): DestinationAccessSettings {
  return {
    allowPrivateNetworks: config.DESTINATION_ALLOW_PRIVATE_NETWORKS,
    statementTimeoutMs: config.LOADER_DESTINATION_STATEMENT_TIMEOUT_MS,
    readBounds: {
      maxObjectBytes: config.LOADER_READ_MAX_OBJECT_BYTES,
      maxDecodedBytes: config.LOADER_READ_MAX_DECODED_BYTES,
      maxListedObjects: config.LOADER_READ_MAX_LISTED_OBJECTS,
      maxValueBytes: config.LOADER_READ_MAX_VALUE_BYTES,
    },
  };
}

export function webhookSettings(config: LoaderConfig): WebhookSettings {
  return {
    guard: { allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS, timeoutMs: 5_000 },
    timeoutMs: config.LOADER_WEBHOOK_TIMEOUT_MS,
    dispatchIntervalMs: config.LOADER_WEBHOOK_DISPATCH_INTERVAL_MS,
    retentionMs: config.LOADER_WEBHOOK_RETENTION_DAYS * 86_400_000,
    policy: {
      firstDelayMs: config.LOADER_WEBHOOK_RETRY_FIRST_MS,
      maxDelayMs: Math.max(config.LOADER_WEBHOOK_RETRY_FIRST_MS, config.LOADER_WEBHOOK_RETRY_MAX_MS),
      giveUpAfterMs: config.LOADER_WEBHOOK_GIVE_UP_HOURS * 3_600_000,
      disableAfterMs: config.LOADER_WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    },
  };
}
