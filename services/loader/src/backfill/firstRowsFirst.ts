import type { LoaderDeps } from '../deps';

const LOOK_EVERY_MS = 20;
// The most a segment's page waits on attaches: during a long attach storm backfills slow down
// but never stop.
const LONGEST_WAIT_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * First rows first: while this process runs attach jobs of other accounts (their head pages and
 * plans), a segment job waits before its next page, up to LONGEST_WAIT_MS. On a loader bound by
 * its CPU, the pages of accounts already loading would otherwise take the CPU the new accounts'
 * first rows need; the same work gets done, in an order that shows every new account its data
 * sooner. The account's own attach does not hold its segments: they start as its plan is made.
 */
export async function afterFirstRows(deps: Pick<LoaderDeps, 'running'>, accountId: string): Promise<void> {
  const until = Date.now() + LONGEST_WAIT_MS;
  while (deps.running.count('account.attach', accountId) > 0 && Date.now() < until) await sleep(LOOK_EVERY_MS);
}
