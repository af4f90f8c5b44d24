import { TABLES, type TableVerificationRow } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import type { LoaderHarness } from './harness';

/** The account's `stripe_charges` row of `table_verifications`. */
export async function chargesVerification(h: LoaderHarness, accountId: string): Promise<TableVerificationRow> {
  return (await h
    .knex(TABLES.tableVerifications)
    .where({ account_id: accountId, table_name: 'stripe_charges' })
    .first()) as TableVerificationRow;
}

/**
 * An account of `charges` charges attached, loaded and verified after its load (the harness needs
 * `verifyAfterLoad`), its verification job ended; then `lose` of its rows deleted from the
 * destination behind the loader's back, spread over its range.
 */
export async function verifiedAccountMissingRows(
  h: LoaderHarness,
  charges: number,
  lose: number,
): Promise<Awaited<ReturnType<LoaderHarness['addAccount']>>> {
  const account = await h.addAccount({ charges });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await chargesVerification(h, account.id))?.verified_at, {
    description: 'the verification after the load',
    timeoutMs: 60_000,
  });
  await waitFor(async () => !(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })), {
    description: 'the verification job to end',
    timeoutMs: 20_000,
  });
  const lost = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderByRaw('md5(id)')
    .limit(lose)
    .pluck('id')) as string[];
  await h.destination.knex('stripe_charges').whereIn('id', lost).delete();
  return account;
}
