import { primaryKey } from '../../ddl/tableColumns';
import type { CheckStep, SqlEngine, SqlHandle } from '../types';
import { CHECK_ACCOUNT, type Scratch } from './scratch';
import { ensureSqlTable } from './sqlTable';

export interface StepRun {
  step: CheckStep;
  /** Completes the sentence "… needed for …" / "… while …". */
  action: string;
  run(): Promise<void>;
}

/** The check found the statements ran but did not do what they should. */
export class UnexpectedResultError extends Error {}

/**
 * The writer's statements against the scratch table, in the order a load uses them: DDL, a
 * batch into staging, the upsert (twice, so the conflict path runs too), a soft delete, a read,
 * a purge, and the drops.
 */
export function checkSteps(handle: SqlHandle, engine: SqlEngine, schema: string, scratch: Scratch, now: Date): StepRun[] {
  const { dialect } = engine;
  const table = scratch.table.table;
  const upsert = dialect.upsertFromStaging(schema, table, scratch.staging, scratch.columns, primaryKey);
  return [
    {
      step: 'create_table',
      action: 'creating tables',
      run: async () => void (await ensureSqlTable(engine, handle, schema, scratch.table)),
    },
    {
      step: 'alter_table',
      action: 'adding the columns the catalog gains',
      run: async () => {
        const { addedColumns } = await ensureSqlTable(engine, handle, schema, scratch.widened);
        if (addedColumns.length !== 1) throw new UnexpectedResultError('adding a column to a table changed nothing');
      },
    },
    {
      step: 'create_staging',
      action: 'creating the staging table',
      run: async () => void (await handle.query(dialect.createStagingTable(schema, table, scratch.staging))),
    },
    {
      step: 'insert',
      action: 'writing a batch into the staging table',
      run: async () => {
        const sql = dialect.insertRows(dialect.stagingTable(schema, scratch.staging), scratch.columns, scratch.rows.length);
        await handle.query(sql, scratch.rows.flat());
      },
    },
    { step: 'upsert', action: 'upserting rows', run: async () => void (await handle.query(upsert)) },
    { step: 'upsert', action: 'upserting rows that already exist', run: async () => void (await handle.query(upsert)) },
    {
      step: 'update',
      action: 'marking rows deleted',
      run: async () => void (await handle.query(dialect.markDeleted(schema, table), [now, CHECK_ACCOUNT, 'obj_1'])),
    },
    {
      step: 'select',
      action: 'reading rows back',
      run: async () => {
        const { rows } = await handle.query(dialect.selectAccountRows(schema, table, ['id', '_deleted']), [CHECK_ACCOUNT]);
        const seen = rows.map((r) => `${String(r.id)}:${Boolean(r._deleted)}`).join(',');
        if (seen !== 'obj_1:true,obj_2:false') throw new UnexpectedResultError(`the rows read back were not the rows written (${seen})`);
      },
    },
    {
      step: 'delete',
      action: "purging a deleted account's rows",
      run: async () => void (await handle.query(dialect.purgeAccountBatch(schema, table, 1000), [CHECK_ACCOUNT])),
    },
    {
      step: 'drop_staging',
      action: 'dropping the staging table',
      run: async () => void (await handle.query(dialect.dropStagingTable(schema, scratch.staging))),
    },
    { step: 'drop', action: "dropping the check's table", run: async () => void (await handle.query(dialect.dropTable(schema, table))) },
  ];
}
