import { Joi, commonEnv, loadConfig, refuseUnboundEnv } from '@datasync/config';
import { tracingEnv, type TracingEnvConfig } from '@datasync/tracing';
import { dbEnv, type DbEnvConfig } from '@datasync/db';
import { DEFAULT_READ_BOUNDS, destinationsEnv, type DestinationsEnvConfig } from '@datasync/destinations';
import { webhooksEnv, type WebhooksEnvConfig } from '@datasync/webhooks';
import { httpEnv } from '@datasync/http';
import { providerEnv, type ProviderEnv } from '@datasync/providers';
import { queueEnv, type QueueConfig } from '@datasync/queue';

const int = (min: number, max: number) => Joi.number().integer().min(min).max(max);

export const configSchema = {
  ...commonEnv,
  ...tracingEnv,
  ...httpEnv(4200),
  ...dbEnv,
  // Dozens of jobs claim, commit and dispatch at once: more than the services' default pool. 40
  // for the 64 attach jobs: attaching 1,000 small accounts at once on a 2-core machine kept all 20
  // connections of each loader taken (half of them idle in transaction, Postgres's backends idle:
  // the jobs queued for a connection). With 40: 62 s to every account's rows in the run right
  // after a 78 s one with 20, 84 s in a later run at a higher load (bench:scale, docs/scale.md):
  // within a shared machine's noise, kept because the 20 were all taken.
  DB_POOL_MAX: dbEnv.DB_POOL_MAX.default(40),
  ...queueEnv,
  ...destinationsEnv,
  ...webhooksEnv,
  ...providerEnv,
  SECRETS_MASTER_KEYS: Joi.string()
    .required()
    .description('master keys that open provider keys and connection strings, "<id>:<base64 32 bytes>,…" (as config-service)'),
  ...refuseUnboundEnv,
  // A segment job mostly waits for the provider (a page of 100 takes about 0.4 s at Stripe), so
  // filling one account's budget takes budget × page time of them at once (runs/inFlight.ts):
  // 8 for a test-mode account at 12.5 req/s, 16 (LOADER_MAX_SEGMENTS_PER_ACCOUNT) for a live one.
  // Twice that per process, so one account never takes every slot. They hold no destination
  // connection while they wait (LOADER_DESTINATION_CONNECTIONS bounds those), and their CPU work
  // is bounded by the budgets. bench:pace (many accounts) measured 16 → 32 segment jobs and 12 →
  // 24 attach jobs per loader: first rows p50 12.4 → 4.0 s, every row 36 → 24 s.
  LOADER_CONCURRENCY: int(1, 256).default(32).description('segment jobs (backfill reads) one loader process runs at once'),
  // An attach job of a small account is a few dozen control-plane statements and two provider
  // answers, all waiting: bench:scale (1,000 accounts of 3 charges attached at once, 2 loaders)
  // loaded every account in 119 s with 24 and 72–78 s with 64 of them per loader (attach jobs,
  // not CPU, were what the loads queued for). A large account's attach holds its slot through
  // the head page and the plan; bench:pace's 100 accounts × 1,000 charges were no slower.
  LOADER_LIFECYCLE_CONCURRENCY: int(1, 128)
    .default(64)
    .description('attach and mount jobs one loader process runs at once, beside the segment jobs'),
  LOADER_WEBHOOK_CONCURRENCY: int(1, 256).default(16).description('webhook deliveries one loader process sends at once'),
  LOADER_WEBHOOK_DISPATCH_INTERVAL_MS: int(100, 60_000)
    .default(1_000)
    .description('how often the loader looks for webhook deliveries that are due (first sends, retries, re-sends)'),
  LOADER_WEBHOOK_TIMEOUT_MS: int(1_000, 60_000)
    .default(10_000)
    .description('how long one webhook delivery may take before it counts as failed'),
  LOADER_WEBHOOK_RETRY_FIRST_MS: int(100, 3_600_000)
    .default(60_000)
    .description('wait after a failed webhook delivery; doubles per failure'),
  LOADER_WEBHOOK_RETRY_MAX_MS: int(1_000, 86_400_000)
    .default(3_600_000)
    .description('the longest wait between attempts of a webhook delivery'),
  LOADER_WEBHOOK_GIVE_UP_HOURS: int(24, 24 * 30)
    .default(72)
    .description('a webhook delivery still failing this long after its event is given up'),
  LOADER_WEBHOOK_DISABLE_AFTER_HOURS: int(1, 24 * 30)
    .default(72)
    .description('a webhook endpoint whose every delivery has failed for this long is disabled'),
  LOADER_WEBHOOK_RETENTION_DAYS: int(4, 3_650)
    .default(30)
    .description('webhook events older than this are removed with their deliveries and attempts (by the reconciler)'),
  LOADER_SEGMENTS_PER_ACCOUNT: int(1, 64)
    .default(4)
    .description('segments of one account enqueued or running at once against a provider that answers at once (the least)'),
  LOADER_MAX_SEGMENTS_PER_ACCOUNT: int(1, 256)
    .default(16)
    .description(
      "most segments of one account enqueued or running at once, when its budget × the provider's page time needs them; bounds what one account takes of the segment slots",
    ),
  LOADER_DESTINATION_CONNECTIONS: int(1, 64)
    .default(8)
    .description(
      "connections one loader process keeps to one destination for the segment jobs' writes (they borrow one per batch); closed after a minute idle",
    ),
  LOADER_MAX_SEGMENTS_PER_RUN: int(1, 256).default(32).description('most segments a backfill run is split into'),
  LOADER_PAGES_PER_SEGMENT: int(1, 100_000)
    .default(10)
    .description('pages a segment should hold when a run is split (estimated from the newest page)'),
  LOADER_PAGE_SIZE: int(1, 100).default(100).description('objects per provider list request (Stripe allows 100)'),
  LOADER_BATCH_ROWS: int(1, 100_000)
    .default(500)
    .description('most rows written as one batch: pages that arrived while the previous batch was being written'),
  LOADER_SLICE_MS: int(100, 600_000)
    .default(10_000)
    .description('how long a segment job reads before it yields its worker slot and requeues itself'),
  LOADER_SEGMENT_LEASE_MS: int(3_000, 3_600_000)
    .default(15_000)
    .description(
      "lease of a segment job on its segment, renewed by a heartbeat every third of it; once a dead loader's lease lapses another job takes over",
    ),
  LOADER_RECONCILE_INTERVAL_MS: int(1_000, 3_600_000)
    .default(15_000)
    .description('how often the reconciler looks for lost enqueues, stuck segments and accounts to retry'),
  LOADER_SELF_CHECK_INTERVAL_MS: int(1_000, 3_600_000)
    .default(10_000)
    .description(
      "how often each loader checks, without relying on Redis, that the reconciler's schedule survives (else it restores it and reconciles at once)",
    ),
  LOADER_ERROR_RETRY_BASE_MS: int(1_000, 86_400_000)
    .default(30_000)
    .description('first wait before the reconciler retries an account in error; doubles per failed retry'),
  LOADER_ERROR_RETRY_MAX_MS: int(1_000, 86_400_000).default(900_000).description('longest wait between two retries of an account in error'),
  LOADER_DESTINATION_STATEMENT_TIMEOUT_MS: int(1_000, 3_600_000)
    .default(120_000)
    .description('bound on each statement the loader runs in a destination'),
  // A destination's content is its tenant's: these bound what one read of it takes into a loader
  // serving every tenant (docs/security.md, Bounded reads). Over a bound, the account is stopped
  // with an error naming the object and the setting (docs/reliability.md, Poisoned jobs).
  LOADER_READ_MAX_OBJECT_BYTES: int(1_024, 4 * 1024 ** 3)
    .default(DEFAULT_READ_BOUNDS.maxObjectBytes)
    .description('largest S3 object (a part, as stored) the loader reads; checked by its length before reading and while it streams'),
  LOADER_READ_MAX_DECODED_BYTES: int(1_024, 1024 ** 3)
    .default(DEFAULT_READ_BOUNDS.maxDecodedBytes)
    .description("largest decompressed size of one S3 part (gunzip output, or a Parquet part's pages together)"),
  LOADER_READ_MAX_LISTED_OBJECTS: int(1, 10_000_000)
    .default(DEFAULT_READ_BOUNDS.maxListedObjects)
    .description("most objects the loader lists in one S3 folder it keeps whole (an account's parts of one table)"),
  LOADER_READ_MAX_VALUE_BYTES: int(1_024, 1024 ** 3)
    .default(DEFAULT_READ_BOUNDS.maxValueBytes)
    .description(
      'largest stored `data` value a verification fetches to compare in the loader; a larger one whose digest differs is rewritten',
    ),
  LOADER_POLL_INTERVAL_MS: int(1_000, 3_600_000)
    .default(15_000)
    .description('how often the provider events of an account that changed recently are polled (incremental sync)'),
  // Most accounts are idle most of the time: polling them less often is what lets one loader serve
  // thousands (docs/scale.md). The first change of an idle account waits at most this long.
  LOADER_POLL_IDLE_INTERVAL_MS: int(1_000, 3_600_000)
    .default(60_000)
    .description(
      'poll interval of an account no poll found a change in for LOADER_POLL_ACTIVE_FOR_MS (never shorter than LOADER_POLL_INTERVAL_MS)',
    ),
  LOADER_POLL_ACTIVE_FOR_MS: int(1_000, 86_400_000)
    .default(600_000)
    .description('an account counts as active, polled every LOADER_POLL_INTERVAL_MS, for this long after a poll found a change'),
  // Webhooks announce changes within seconds; the poll is then only the safety net (docs/webhooks.md).
  LOADER_POLL_INTERVAL_WITH_WEBHOOKS_MS: int(1_000, 86_400_000)
    .default(300_000)
    .description("poll interval of an account while its source's webhooks are healthy (never shorter than LOADER_POLL_INTERVAL_MS)"),
  LOADER_WEBHOOKS_HEALTHY_FOR_MS: int(1_000, 604_800_000)
    .default(3_600_000)
    .description("a source's webhooks count as healthy while a verified delivery reached it within this long"),
  LOADER_WEBHOOK_GAP_GRACE_MS: int(1_000, 3_600_000)
    .default(60_000)
    .description(
      'a scheduled poll that finds changes while no webhook named the account within this long treats it as a gap in deliveries',
    ),
  // Stripe's events list is eventually consistent: an event can be listed some seconds after events
  // created later. Minutes, not seconds: a late event costs nothing to re-read, a missed one is lost.
  LOADER_EVENT_LOOKBACK_S: int(0, 86_400)
    .default(300)
    .description("how far behind its newest event each poll reads the provider's events again, for events listed late"),
  LOADER_VERIFY_AFTER_LOAD: Joi.boolean()
    .default(true)
    .description('verify every table of an account once its backfill or resync has completed'),
  LOADER_VERIFY_WINDOW_OBJECTS: int(100, 100_000)
    .default(1_000)
    .description('objects (whole list pages) a verification gathers before comparing them with the destination'),
  // A walk is one request after the other: side by side, parts keep the budget busy meanwhile.
  // Each part costs at most one request more (its last, partly filled page).
  LOADER_VERIFY_CONCURRENCY: int(1, 32).default(8).description("parts of a table's created range one verification lists side by side"),
  // Longer than a segment's slice: each resume lists the last second reached again (a page per part).
  LOADER_VERIFY_SLICE_MS: int(1_000, 3_600_000)
    .default(60_000)
    .description('how long a verification job lists before it yields its worker slot and requeues itself, if other jobs wait for one'),
  // A verification reads again everything the load just wrote, from the provider and the
  // destination: on a loader still loading other accounts it takes the CPU their first rows and
  // loads need. bench:pace, 100 accounts of 1,000 charges at once on 2 cores: every row 22-25 s
  // with the checks beside the loads, 20-23 s with them waiting, 18-21 s with none at all.
  LOADER_VERIFY_DEFER_S: int(0, 86_400)
    .default(120)
    .description('how long after it was asked for a verification waits while its loader runs segment jobs (0: never waits)'),
  LOADER_VERIFY_RECENT_DAYS: int(1, 3_650).default(7).description("how many days of recent objects a rolling 'recent' verification covers"),
  // Covers the poll interval and the events list's lag: what is newer is the poll's to bring.
  LOADER_VERIFY_SETTLE_S: int(0, 86_400)
    .default(300)
    .description("seconds before now where a verification's range ends (newer objects may still be on their way through the poll)"),
  // Recent objects change most (refunds, disputes, captures): checked often; old ones rarely.
  LOADER_VERIFY_RECENT_EVERY_MIN: int(0, 525_600)
    .default(360)
    .description("minutes between scheduled verifications of each account's recent window (0: none on schedule)"),
  LOADER_VERIFY_FULL_EVERY_MIN: int(0, 525_600)
    .default(10_080)
    .description('minutes between scheduled verifications of every object of each account (0: none on schedule)'),
  // A poll mostly waits for the provider (a quiet one holds no connection meanwhile): thousands of
  // accounts at a minute each need dozens in flight (docs/scale.md).
  LOADER_POLL_CONCURRENCY: int(1, 256).default(32).description('account polls one loader process runs at once'),
  // One replica computes them for all, under a Redis lock (metrics/fleetSnapshot.ts): the grouped
  // queries run once per interval, however many loaders and scrapes there are.
  LOADER_FLEET_METRICS_INTERVAL_MS: int(5_000, 3_600_000)
    .default(30_000)
    .description('how often the fleet-wide metrics (accounts by status, freshness, worst lags) are computed, by one loader for all'),
  LOADER_METRICS_WORST_ACCOUNTS: int(0, 100)
    .default(10)
    .description('accounts furthest behind the provider that get their own datasync_loader_account_lag_seconds series'),
  LOADER_PURGE_BATCH_ROWS: int(1, 1_000_000)
    .default(5_000)
    .description("rows one statement deletes when a deleted account's rows are purged from a destination table"),
};

export interface LoaderConfig extends DbEnvConfig, QueueConfig, DestinationsEnvConfig, ProviderEnv, WebhooksEnvConfig, TracingEnvConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  SECRETS_MASTER_KEYS: string;
  SECRETS_REFUSE_UNBOUND: boolean;
  LOADER_CONCURRENCY: number;
  LOADER_LIFECYCLE_CONCURRENCY: number;
  LOADER_WEBHOOK_CONCURRENCY: number;
  LOADER_WEBHOOK_DISPATCH_INTERVAL_MS: number;
  LOADER_WEBHOOK_TIMEOUT_MS: number;
  LOADER_WEBHOOK_RETRY_FIRST_MS: number;
  LOADER_WEBHOOK_RETRY_MAX_MS: number;
  LOADER_WEBHOOK_GIVE_UP_HOURS: number;
  LOADER_WEBHOOK_DISABLE_AFTER_HOURS: number;
  LOADER_WEBHOOK_RETENTION_DAYS: number;
  LOADER_SEGMENTS_PER_ACCOUNT: number;
  LOADER_MAX_SEGMENTS_PER_ACCOUNT: number;
  LOADER_DESTINATION_CONNECTIONS: number;
  LOADER_MAX_SEGMENTS_PER_RUN: number;
  LOADER_PAGES_PER_SEGMENT: number;
  LOADER_PAGE_SIZE: number;
  LOADER_BATCH_ROWS: number;
  LOADER_SLICE_MS: number;
  LOADER_SEGMENT_LEASE_MS: number;
  LOADER_RECONCILE_INTERVAL_MS: number;
  LOADER_SELF_CHECK_INTERVAL_MS: number;
  LOADER_ERROR_RETRY_BASE_MS: number;
  LOADER_ERROR_RETRY_MAX_MS: number;
  LOADER_DESTINATION_STATEMENT_TIMEOUT_MS: number;
  LOADER_READ_MAX_OBJECT_BYTES: number;
  LOADER_READ_MAX_DECODED_BYTES: number;
  LOADER_READ_MAX_LISTED_OBJECTS: number;
  LOADER_READ_MAX_VALUE_BYTES: number;
  LOADER_POLL_INTERVAL_MS: number;
  LOADER_POLL_IDLE_INTERVAL_MS: number;
  LOADER_POLL_ACTIVE_FOR_MS: number;
  LOADER_POLL_INTERVAL_WITH_WEBHOOKS_MS: number;
  LOADER_WEBHOOKS_HEALTHY_FOR_MS: number;
  LOADER_WEBHOOK_GAP_GRACE_MS: number;
  LOADER_EVENT_LOOKBACK_S: number;
  LOADER_VERIFY_AFTER_LOAD: boolean;
  LOADER_VERIFY_WINDOW_OBJECTS: number;
  LOADER_VERIFY_CONCURRENCY: number;
  LOADER_VERIFY_SLICE_MS: number;
  LOADER_VERIFY_DEFER_S: number;
  LOADER_VERIFY_RECENT_DAYS: number;
  LOADER_VERIFY_SETTLE_S: number;
  LOADER_VERIFY_RECENT_EVERY_MIN: number;
  LOADER_VERIFY_FULL_EVERY_MIN: number;
  LOADER_POLL_CONCURRENCY: number;
  LOADER_PURGE_BATCH_ROWS: number;
  LOADER_FLEET_METRICS_INTERVAL_MS: number;
  LOADER_METRICS_WORST_ACCOUNTS: number;
}

export function loadLoaderConfig(env: NodeJS.ProcessEnv = process.env): Readonly<LoaderConfig> {
  return loadConfig<LoaderConfig>('loader', configSchema, env);
}
