import Joi from 'joi';
import { defineCatalog, defineJob } from './defineCatalog';

export interface AccountAttachPayload {
  accountId: string;
}

export interface CollectionMountedPayload {
  collectionId: string;
}

export interface SegmentLoadPayload {
  runId: string;
  n: number;
  /**
   * Set by the loader's reconciler when the segment's lease expired while its job still shows as
   * running (its loader died): a job under a new id takes the segment over at once instead of
   * waiting for BullMQ's stalled-job check. The segment's lease keeps the two from reading along.
   */
  takeover?: number;
}

export type ReconcilePayload = Record<string, never>;

/** One attempt of one outbound webhook delivery (libs/webhooks); the attempt number makes the job id unique per try. */
export interface WebhookDeliverPayload {
  deliveryId: string;
  attempt: number;
}

/** What a verification covers: every object (`full`), or those created in the recent window. */
export const VERIFY_SCOPES = ['full', 'recent'] as const;
export type VerifyScope = (typeof VERIFY_SCOPES)[number];

export interface AccountVerifyPayload {
  accountId: string;
  scope: VerifyScope;
}

/** The account lifecycle's jobs (poll, pause, resume, purge, resync) carry the account id only. */
export interface AccountJobPayload {
  accountId: string;
}

/**
 * `account.poke`: a poll asked for by a provider webhook. `wave` is the receipt time divided into
 * short windows (accounts-api WEBHOOK_POKE_WINDOW_MS): the deliveries of one window share a job,
 * which starts once its window has ended, so it reads every event they announced.
 */
export interface AccountPokePayload {
  accountId: string;
  wave: number;
}

const accountPayload = Joi.object<AccountJobPayload, true>({ accountId: Joi.string().uuid().required() });

// Lifecycle and segment jobs leave Redis when they complete: their ids must be free again for the
// next registration, mount or dispatch of the same account, collection or segment (a kept
// completed job would silently absorb that enqueue). Failed ones stay for inspection; the loader
// removes one before it enqueues the same work again.
const goneWhenDone = { removeOnComplete: { count: 0 } };

/**
 * The production catalog (docs/queues.md, The catalog). Queue names are permanent: jobs already
 * in Redis live under them. A job is added here together with its handler and the code that
 * enqueues it, never ahead of them.
 */
export const jobCatalog = defineCatalog({
  queues: ['lifecycle', 'backfill', 'incremental', 'maintenance', 'webhooks'],
  jobs: {
    // Enqueued by libs/accounts after the account row commits; handled by the loader.
    'account.attach': defineJob({
      queue: 'lifecycle',
      schema: Joi.object<AccountAttachPayload, true>({ accountId: Joi.string().uuid().required() }),
      jobId: (p) => `attach-${p.accountId}`,
      options: goneWhenDone,
    }),
    // Enqueued by config-service after a mount commits; fans out to the source's accounts.
    'collection.mounted': defineJob({
      queue: 'lifecycle',
      schema: Joi.object<CollectionMountedPayload, true>({ collectionId: Joi.string().uuid().required() }),
      jobId: (p) => `mounted-${p.collectionId}`,
      options: goneWhenDone,
    }),
    // Enqueued lazily by the loader, a few per account at a time.
    'segment.load': defineJob({
      queue: 'backfill',
      schema: Joi.object<SegmentLoadPayload, true>({
        runId: Joi.string().uuid().required(),
        n: Joi.number().integer().min(0).required(),
        takeover: Joi.number().integer().min(0),
      }),
      jobId: (p) => `segment-${p.runId}-${p.n}${p.takeover === undefined ? '' : `-takeover-${p.takeover}`}`,
      // Six attempts over about a minute (2+4+8+16+32 s): a destination restart or a provider
      // outage of that length heals without the account's owner seeing more than a passing error.
      options: { ...goneWhenDone, attempts: 6, backoff: { type: 'exponential', delay: 2_000 } },
    }),
    // The reconciler (docs/queues.md), named domain.verb as the catalog requires. A job scheduler of the
    // loader (every 15 s by default); the next tick is its retry.
    'loader.reconcile': defineJob({
      queue: 'maintenance',
      schema: Joi.object<ReconcilePayload, true>({}),
      jobId: () => 'reconcile',
      options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1_000 } },
    }),
    // The account lifecycle. Pause and resume are enqueued by libs/accounts after a toggle commits,
    // purge after a delete marks the account deleting, resync by POST /accounts/{type}/{id}/resync.
    // Each handler decides from the account row, so jobs overtaking each other settle on the latest
    // state.
    'account.pause': defineJob({ queue: 'lifecycle', schema: accountPayload, jobId: (p) => `pause-${p.accountId}`, options: goneWhenDone }),
    'account.resume': defineJob({
      queue: 'lifecycle',
      schema: accountPayload,
      jobId: (p) => `resume-${p.accountId}`,
      options: goneWhenDone,
    }),
    'account.purge': defineJob({
      queue: 'lifecycle',
      schema: accountPayload,
      jobId: (p) => `purge-${p.accountId}`,
      // A destination down for about a minute heals within the retries; past them the reconciler
      // starts the purge again, since the account is still marked deleting.
      options: { ...goneWhenDone, attempts: 6, backoff: { type: 'exponential', delay: 2_000 } },
    }),
    'account.resync': defineJob({
      queue: 'lifecycle',
      schema: accountPayload,
      jobId: (p) => `resync-${p.accountId}`,
      options: goneWhenDone,
    }),
    // Re-lists the account's objects and repairs what its tables lost (services/loader/src/verify).
    // Enqueued after a run completes, by POST /accounts/{type}/{id}/verify and by the loader's
    // rolling schedule. On the backfill queue at a low priority: segment pages go first, and its
    // requests spend the account's budget in the lane that yields to polling.
    'account.verify': defineJob({
      queue: 'backfill',
      schema: Joi.object<AccountVerifyPayload, true>({
        accountId: Joi.string().uuid().required(),
        scope: Joi.string()
          .valid(...VERIFY_SCOPES)
          .required(),
      }),
      jobId: (p) => `verify-${p.accountId}`,
      options: {
        ...goneWhenDone,
        priority: 100,
        attempts: 3,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnFail: { count: 1_000 },
      },
    }),
    // A job scheduler per active account, created and removed by the loader (attach, resume,
    // pause, purge, reconciler). The next tick is the retry.
    'account.poll': defineJob({
      queue: 'incremental',
      schema: accountPayload,
      jobId: (p) => `poll-${p.accountId}`,
      options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1_000 } },
    }),
    // Enqueued by accounts-api's webhook endpoint (docs/webhooks.md), delayed to the end of its
    // wave; the same poll as `account.poll`. A poll already running for the account makes the
    // handler wait and try again rather than end: that poll may have read the events before these
    // were announced.
    'account.poke': defineJob({
      queue: 'incremental',
      schema: Joi.object<AccountPokePayload, true>({
        accountId: Joi.string().uuid().required(),
        wave: Joi.number().integer().min(0).required(),
      }),
      jobId: (p) => `poke-${p.accountId}-${p.wave}`,
      options: { ...goneWhenDone, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnFail: { count: 1_000 } },
    }),
    // Enqueued by the loader's webhook dispatcher for each due delivery. One attempt per job: the
    // retry schedule (hours to days) lives in the delivery row, which survives Redis, and the
    // dispatcher enqueues the next attempt under its own id when it is due.
    'webhook.deliver': defineJob({
      queue: 'webhooks',
      schema: Joi.object<WebhookDeliverPayload, true>({
        deliveryId: Joi.string().uuid().required(),
        attempt: Joi.number().integer().min(1).required(),
      }),
      jobId: (p) => `webhook-${p.deliveryId}-${p.attempt}`,
      options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1_000 } },
    }),
  },
});

export type JobCatalog = typeof jobCatalog;
