import { EventCursorExpiredError } from '@datasync/providers';
import type { Logger } from '@datasync/logger';
import { connectAccount } from '../access/providerAccess';
import type { LoaderDeps } from '../deps';
import { findAccountState } from '../state/accountStates.repository';
import { findSource, type AccountRecord } from '../targets/targets.repository';
import { findCursors, markTablesPolled, type EventCursor } from './eventCursors.repository';
import { streamPlace } from './pollTables';
import { accountRuns, recordPolled } from './pollTargets.repository';
import { RecentEvents } from '@datasync/providers';
import { rereadDue } from './rereadWindow';

/**
 * The cheap poll of an account with nothing to do, tried before the full one (pollAccount). Most
 * polls find no event, and the full poll holds a transaction with the account's write lock (a
 * pooled connection) through its provider requests and reads and writes a dozen rows. This one
 * reads what it needs, asks the provider for the events after the cursor once, without the lock,
 * and when there are none only records the poll: a few statements, no connection held while
 * the provider answers.
 *
 * It applies only when a full poll would do exactly that: every loaded table has its cursor from
 * its latest run and all are at one place in the event stream, no look-back or re-read is due, no
 * table is still loading, and the account shows no error to clear. Returns the tables polled;
 * anything else, or any event, returns undefined: the full poll runs and does the work under the
 * lock (at the cost of asking for that first page again). The reads run one after the other: one
 * pooled connection per poll.
 */
export async function quietPoll(deps: LoaderDeps, account: AccountRecord, logger: Logger): Promise<{ tables: number } | undefined> {
  const startedAt = new Date();
  const runs = await accountRuns(deps.knex, account.id);
  if (runs.loading || runs.targets.length === 0) return undefined;
  if ((await findAccountState(deps.knex, account.id))?.status === 'error') return undefined;
  const cursors = await findCursors(deps.knex, account.id);
  // Every table at one place in the event stream (groupByCursor's one group).
  const places = new Set<string>();
  let first: EventCursor | undefined;
  for (const target of runs.targets) {
    const cursor = cursors.get(`${target.destinationId}/${target.tableName}`);
    if (!cursor || cursor.runId !== target.runId) return undefined;
    places.add(streamPlace(cursor));
    first ??= cursor;
    if (new RecentEvents(cursor.recentEvents).lookBackDue(deps.settings.eventLookbackS)) return undefined;
    if (rereadDue(account.sourceType, target.resourceType, cursor.polledAt, startedAt)) return undefined;
  }
  if (!first || places.size !== 1) return undefined;
  const source = await findSource(deps.knex, account.environmentId, account.sourceId);
  if (!source) return undefined;
  const reader = connectAccount(deps.providers, deps.secretBox, account, source, logger).reader('incremental');
  const pages = reader.listEvents(first.cursor !== null ? { after: first.cursor } : { createdGte: first.createdGte });
  try {
    const first = await pages.next();
    if (!first.done && (first.value.events.length > 0 || first.value.hasMore)) return undefined;
  } catch (err) {
    if (err instanceof EventCursorExpiredError) return undefined;
    throw err;
  } finally {
    await pages.return?.();
  }
  await markTablesPolled(
    deps.knex,
    account.id,
    runs.targets.map((t) => ({ destinationId: t.destinationId, tableName: t.tableName })),
    startedAt,
  );
  await recordPolled(deps.knex, account.id);
  return { tables: runs.targets.length };
}
