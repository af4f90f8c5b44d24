import { waitFor } from '@datasync/testing';
import type { LoaderHarness } from './harness';

/**
 * Asks for a full verification of the account once the previous one's job has ended: a request
 * made while that job is still finishing is absorbed by it (same job id), and no new check runs.
 */
export async function askFullVerification(h: LoaderHarness, accountId: string): Promise<void> {
  const payload = { accountId, scope: 'full' } as const;
  await waitFor(async () => ((await h.deps.queues.isLive('account.verify', payload)) ? undefined : true), {
    description: 'the previous verification job to end',
    timeoutMs: 30_000,
  });
  await h.deps.queues.enqueueAgain('account.verify', payload);
}
