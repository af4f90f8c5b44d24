import { AccountsService, loaderHooks, waitForWritesStopped, type DeleteResult } from '@datasync/accounts';
import { collectionFence, DEFAULT_FENCE_WAIT_MS, TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import type { LoaderHarness } from './harness';

export interface LifecycleCalls {
  /** `PUT /accounts/stripe/{identifier}` `{active: false}`: resolves when the call would answer. */
  pause(identifier: string): Promise<void>;
  /** `DELETE /accounts/stripe/{identifier}`: resolves when the call would answer (its purge done, or past the bound). */
  remove(identifier: string): Promise<DeleteResult>;
  /** What config-service's unmount does: the collection marked unmounted, then its writes waited out. */
  unmount(collectionId: string): Promise<void>;
}

/**
 * The integrator's pause and delete through libs/accounts' AccountsService, the code path of the
 * accounts-api routes without the HTTP in front, with the loader's hooks on the harness's queue
 * (a delete enqueues the purge and waits for the harness's workers to finish it).
 */
export async function lifecycleCalls(h: LoaderHarness): Promise<LifecycleCalls> {
  const env = (await h.knex(TABLES.environments).where({ id: h.environmentId }).first('organization_id')) as { organization_id: string };
  const caller = {
    kind: 'client' as const,
    environmentId: h.environmentId,
    organizationId: env.organization_id,
    clientId: 'test',
    scope: 'accounts' as const,
  };
  const service = new AccountsService({
    knex: h.knex,
    secretBox: h.secretBox,
    verify: () => Promise.reject(new Error('no registration in these tests')),
    deleteWaitMs: 60_000,
    hooks: loaderHooks({ knex: h.knex, producer: h.deps.producer, logger: silentLogger(), purgeWaitMs: 65_000 }),
  });
  const identity = (identifier: string) => ({ sourceType: 'stripe', identifier });
  return {
    async pause(identifier) {
      await service.setActive(caller, identity(identifier), false);
    },
    remove: (identifier) => service.delete(caller, identity(identifier)),
    async unmount(collectionId) {
      await h.knex(TABLES.collections).where({ id: collectionId }).update({ unmounted_at: h.knex.fn.now() });
      await waitForWritesStopped(h.knex, collectionFence(collectionId), DEFAULT_FENCE_WAIT_MS, 'The collection is unmounted');
    },
  };
}
