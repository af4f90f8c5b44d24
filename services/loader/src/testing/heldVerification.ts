import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { verifyAccount, type AccountOutcome } from '../verify/verifyAccount';
import type { LoaderHarness } from './harness';

/**
 * Starts a full verification of the account in this process with the account's requests held by
 * the emulator; resolves once it waits for its first page, to the verification's outcome (in an
 * object: a returned promise would be awaited). Lift the hold to let it go on.
 */
export async function heldVerification(
  h: LoaderHarness,
  account: { id: string; externalId: string },
): Promise<{ verifying: Promise<AccountOutcome> }> {
  await h.emulator.hold(account.externalId, true);
  const before = await h.emulator.requestsServed(account.externalId);
  const verifying = verifyAccount(h.deps, { accountId: account.id, scope: 'full', requestedAt: new Date() }, silentLogger());
  await waitFor(async () => (await h.emulator.requestsServed(account.externalId)) > before, {
    description: 'the verification to ask for its first page',
    timeoutMs: 20_000,
  });
  return { verifying };
}
