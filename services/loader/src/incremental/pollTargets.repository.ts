import { TABLES, type Knex } from '@datasync/db';
import type { EngineName } from '@datasync/destinations';

type Db = Knex | Knex.Transaction;

/** A table whose latest run completed: it is loaded, and events keep it current. */
export interface PollTarget {
  runId: string;
  runKind: 'backfill' | 'resync';
  /** The sync the run loads for: the table's owner. */
  syncId: string;
  collectionId: string;
  destinationId: string;
  destinationName: string;
  engine: EngineName;
  /** Sealed: never log it. */
  connectionSecret: string;
  tableName: string;
  resourceType: string;
  /** Unix seconds: the run's frozen upper bound, where events take over. */
  upperBound: number;
  startedAt: Date;
}

export interface AccountRuns {
  /** Tables the events apply to now. */
  targets: PollTarget[];
  /** Some table is still being loaded (a backfill or a resync runs). */
  loading: boolean;
  /** The resources of every mounted table, loaded or still loading. */
  resources: string[];
}

/**
 * The latest run of each of the account's destination tables, kept when it completed and its
 * collection is still mounted. A table whose latest run is still running is left out: its run
 * reads the current state anyway, and events written under it could be overwritten by a page
 * read before them, so that table polls once its run has completed.
 */
export async function accountRuns(db: Db, accountId: string): Promise<AccountRuns> {
  const rows = (await db
    .select('latest.*', 'c.unmounted_at', 'd.name as destination_name', 'd.engine', 'd.connection_secret')
    .from(
      db(TABLES.runs)
        .where({ account_id: accountId })
        .whereIn('status', ['running', 'completed'])
        .distinctOn(['destination_id', 'table_name'])
        .orderBy([{ column: 'destination_id' }, { column: 'table_name' }, { column: 'started_at', order: 'desc' }])
        .select(
          'id',
          'kind',
          'status',
          'sync_id',
          'destination_id',
          'table_name',
          'resource_type',
          'upper_bound',
          'started_at',
          'collection_id',
        )
        .as('latest'),
    )
    .join(`${TABLES.collections} as c`, 'c.id', 'latest.collection_id')
    .join(`${TABLES.destinations} as d`, 'd.id', 'latest.destination_id')) as {
    id: string;
    kind: 'backfill' | 'resync';
    status: 'running' | 'completed';
    sync_id: string;
    destination_id: string;
    collection_id: string;
    table_name: string;
    resource_type: string;
    upper_bound: string;
    started_at: Date;
    unmounted_at: Date | null;
    destination_name: string;
    engine: EngineName;
    connection_secret: string;
  }[];
  const mounted = rows.filter((r) => r.unmounted_at === null);
  return {
    loading: mounted.some((r) => r.status === 'running'),
    resources: [...new Set(mounted.map((r) => r.resource_type))],
    targets: mounted
      .filter((r) => r.status === 'completed')
      .map((r) => ({
        runId: r.id,
        runKind: r.kind,
        syncId: r.sync_id,
        collectionId: r.collection_id,
        destinationId: r.destination_id,
        destinationName: r.destination_name,
        engine: r.engine,
        connectionSecret: r.connection_secret,
        tableName: r.table_name,
        resourceType: r.resource_type,
        upperBound: Number(r.upper_bound),
        startedAt: r.started_at,
      })),
  };
}

/** Shows a poll that reached the end of the stream as the account's last sync. */
export async function recordPolled(db: Db, accountId: string): Promise<void> {
  await db(TABLES.accountStates).where({ account_id: accountId }).update({ last_synced_at: db.fn.now() });
}
