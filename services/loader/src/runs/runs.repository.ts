import { TABLES, type Knex } from '@datasync/db';
import type { RunPlan } from '@datasync/providers';
import type { RunStatus } from './runStates';
import type { LoadTarget } from '../targets/targets.repository';

export type { RunStatus };

type Db = Knex | Knex.Transaction;

export type RunKind = 'backfill' | 'resync';

/** A backfill (or resync) of one account into one destination table, of what existed when it started. */
export interface Run {
  id: string;
  environmentId: string;
  accountId: string;
  syncId: string;
  collectionId: string;
  destinationId: string;
  tableName: string;
  resourceType: string;
  kind: RunKind;
  status: RunStatus;
  /** The connector's state of the run (ProviderBackfill): stored and handed back, never read here. */
  plan: RunPlan;
  /** Unix seconds, exclusive: the second the run froze its snapshot; incremental sync takes over from here. */
  upperBound: number;
  planned: boolean;
  startedAt: Date;
  completedAt: Date | null;
}

export interface RunRow {
  id: string;
  environment_id: string;
  account_id: string;
  sync_id: string;
  collection_id: string;
  destination_id: string;
  table_name: string;
  resource_type: string;
  kind: RunKind;
  status: RunStatus;
  plan: RunPlan;
  upper_bound: string;
  planned: boolean;
  started_at: Date;
  completed_at: Date | null;
}

export function toRun(row: RunRow): Run {
  return {
    id: row.id,
    environmentId: row.environment_id,
    accountId: row.account_id,
    syncId: row.sync_id,
    collectionId: row.collection_id,
    destinationId: row.destination_id,
    tableName: row.table_name,
    resourceType: row.resource_type,
    kind: row.kind,
    status: row.status,
    plan: row.plan,
    upperBound: Number(row.upper_bound),
    planned: row.planned,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export interface NewRun {
  environmentId: string;
  accountId: string;
  syncId: string;
  collectionId: string;
  destinationId: string;
  tableName: string;
  resourceType: string;
}

/** The run an account opens on one of its load targets (a table of a sync). */
export function newRunFor(
  account: { id: string; environmentId: string },
  target: Pick<LoadTarget, 'syncId' | 'collectionId' | 'destinationId' | 'tableName' | 'resourceType'>,
): NewRun {
  return {
    environmentId: account.environmentId,
    accountId: account.id,
    syncId: target.syncId,
    collectionId: target.collectionId,
    destinationId: target.destinationId,
    tableName: target.tableName,
    resourceType: target.resourceType,
  };
}

export async function findRun(db: Db, id: string): Promise<Run | undefined> {
  const row = (await db(TABLES.runs).where({ id }).first()) as RunRow | undefined;
  return row && toRun(row);
}

/**
 * Whether some of the account's tables has no run that is planned or completed: starting that one
 * reads the provider's newest page and plans the run.
 */
export async function someTableToPlan(
  db: Db,
  accountId: string,
  tables: readonly { destinationId: string; tableName: string }[],
): Promise<boolean> {
  const settled = (await db(TABLES.runs)
    .where({ account_id: accountId })
    .where((q) => q.where('status', 'completed').orWhere((running) => running.where({ status: 'running', planned: true })))
    .select('destination_id', 'table_name')) as { destination_id: string; table_name: string }[];
  const known = new Set(settled.map((r) => `${r.destination_id}/${r.table_name}`));
  return tables.some((t) => !known.has(`${t.destinationId}/${t.tableName}`));
}
