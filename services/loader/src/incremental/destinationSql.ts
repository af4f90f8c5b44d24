import { DestinationError, getEngine, type DestinationHandle } from '@datasync/destinations';

/** A connection to a relational destination (blob storage has no statements to run). */
export type SqlDestinationHandle = Extract<DestinationHandle, { engine: 'postgres' | 'mysql' }>;

/** One table of a relational destination, on an open connection. */
export interface TableRef {
  handle: SqlDestinationHandle;
  schema: string;
  table: string;
}

/**
 * Runs one statement of the incremental sync, turning a driver error the engine recognises
 * (connection lost, privilege, timeout…) into a DestinationError, so the failure policy tells a
 * passing outage from a permanent refusal as it does for the writer's own statements.
 */
export async function runStatement(ref: TableRef, action: string, sql: string, params: readonly unknown[]) {
  try {
    return await ref.handle.query(sql, params);
  } catch (err) {
    if (err instanceof DestinationError) throw err;
    const engine = getEngine(ref.handle.engine);
    const failure = engine.classifyError(err);
    if (!failure) throw err;
    throw new DestinationError(failure.code, `${engine.label} refused ${action} in the table ${ref.table} (${failure.code}).`, err);
  }
}
