import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { RECONCILE_GRACE_MS, reconcile } from '../reconcile/reconcile.service';

/** `loader.reconcile`: run by a job scheduler in the maintenance queue. */
export function reconcileJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'loader.reconcile'>> {
  return async (_payload, { logger }) => {
    await reconcile(deps, logger, { graceMs: RECONCILE_GRACE_MS });
  };
}
