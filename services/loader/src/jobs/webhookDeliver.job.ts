import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import { deliverWebhook } from '@datasync/webhooks';
import type { LoaderDeps } from '../deps';

/**
 * `webhook.deliver`: one attempt of one delivery. Its outcome goes into the delivery row (the
 * delivery log), never into the job: a failed attempt completes the job, and the dispatcher
 * enqueues the next one when its backoff is over.
 */
export function webhookDeliverJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'webhook.deliver'>> {
  return async ({ deliveryId, attempt }, { logger }) => {
    const outcome = await deliverWebhook(
      {
        knex: deps.knex,
        secretBox: deps.secretBox,
        guard: deps.webhooks.guard,
        policy: deps.webhooks.policy,
        timeoutMs: deps.webhooks.timeoutMs,
      },
      deliveryId,
      attempt,
    );
    logger.info('webhook delivery attempted', { deliveryId, attempt, outcome });
  };
}
