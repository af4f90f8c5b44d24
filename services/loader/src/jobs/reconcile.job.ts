import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { reconcile } from '../reconcile/reconcile.service';

// Work younger than this is left to the normal path (its enqueue may simply be in flight).
const GRACE_MS = 5_000;

/** `loader.reconcile`: run by a job scheduler in the maintenance queue. */
export function reconcileJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'loader.reconcile'>> {
  return async (_payload, { logger }) => {
    await reconcile(deps, logger, { graceMs: GRACE_MS });
  };
}
