import type { Handlers, JobCatalog, JobHandler } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { accountAttachJob } from './accountAttach.job';
import { accountPauseJob } from './accountPause.job';
import { accountPokeJob } from './accountPoke.job';
import { accountPollJob } from './accountPoll.job';
import { accountPurgeJob } from './accountPurge.job';
import { accountResumeJob } from './accountResume.job';
import { accountResyncJob } from './accountResync.job';
import { accountVerifyJob } from './accountVerify.job';
import { collectionMountedJob } from './collectionMounted.job';
import { reconcileJob } from './reconcile.job';
import { segmentLoadJob } from './segmentLoad.job';
import { webhookDeliverJob } from './webhookDeliver.job';

/** The queues this loader runs. */
export const LOADER_QUEUES = ['lifecycle', 'backfill', 'incremental', 'maintenance', 'webhooks'] as const;
export type LoaderQueue = (typeof LOADER_QUEUES)[number];

/** One handler per job name of the loader's queues, each timed into the job latency histogram. */
export function loaderHandlers(deps: LoaderDeps): Handlers<JobCatalog, LoaderQueue> {
  return {
    'account.attach': timed(deps, 'account.attach', accountAttachJob(deps)),
    'collection.mounted': timed(deps, 'collection.mounted', collectionMountedJob(deps)),
    'segment.load': timed(deps, 'segment.load', segmentLoadJob(deps)),
    'loader.reconcile': timed(deps, 'loader.reconcile', reconcileJob(deps)),
    'account.pause': timed(deps, 'account.pause', accountPauseJob(deps)),
    'account.resume': timed(deps, 'account.resume', accountResumeJob(deps)),
    'account.purge': timed(deps, 'account.purge', accountPurgeJob(deps)),
    'account.resync': timed(deps, 'account.resync', accountResyncJob(deps)),
    'account.poll': timed(deps, 'account.poll', accountPollJob(deps)),
    'account.poke': timed(deps, 'account.poke', accountPokeJob(deps)),
    'account.verify': timed(deps, 'account.verify', accountVerifyJob(deps)),
    'webhook.deliver': timed(deps, 'webhook.deliver', webhookDeliverJob(deps)),
  };
}

function timed<P>(deps: LoaderDeps, name: string, handler: JobHandler<P>): JobHandler<P> {
  return async (payload, context) => {
    const end = deps.metrics.jobDuration.startTimer({ job: name });
    let outcome = 'failed';
    // Counted by the account a job names, when it names one (afterFirstRows asks by account).
    const accountId = (payload as { accountId?: unknown }).accountId;
    const subject = typeof accountId === 'string' ? accountId : undefined;
    deps.running.started(name, subject);
    try {
      await handler(payload, context);
      outcome = 'completed';
    } catch (err) {
      if (err instanceof Error && err.name === 'DelayedError') outcome = 'delayed';
      throw err;
    } finally {
      deps.running.ended(name, subject);
      end({ outcome });
    }
  };
}
