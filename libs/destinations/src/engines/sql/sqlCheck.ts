import type { SqlConnectionFields } from '../../connectionString/fields';
import { DestinationError, type FailureCode } from '../../errors';
import { failureContext, failureMessage, privilegeMessage } from '../../failureMessages';
import type { CheckResult } from '../operations';
import type { SqlEngine, SqlHandle } from '../types';
import { checkSteps, UnexpectedResultError, type StepRun } from './checkSteps';
import { scratchTable } from './scratch';

const failed = (code: FailureCode, message: string): CheckResult => ({ ok: false, code, message });

async function explainStepFailure(
  handle: SqlHandle,
  engine: SqlEngine,
  fields: SqlConnectionFields,
  step: StepRun,
  table: string,
  err: unknown,
): Promise<CheckResult> {
  const ctx = failureContext(engine, fields, step.action);
  if (err instanceof UnexpectedResultError) {
    return failed('statement_failed', failureMessage({ code: 'statement_failed', detail: err.message }, ctx));
  }
  const cause = err instanceof DestinationError && err.cause !== undefined ? err.cause : err;
  const failure = engine.classifyError(cause);
  if (!failure) throw err;
  const need = engine.checkPrivileges[step.step];
  if (failure.code === 'privilege' && need) {
    const full = { ...need, schema: fields.schema, database: fields.database, table };
    const missing = await engine.missingPrivileges(handle, full, cause).catch(() => [...need.privileges]);
    const leftBehind = step.step === 'drop' ? ` The check could not remove its table "${table}"; drop it by hand.` : '';
    return failed('privilege', privilegeMessage(missing, need.on, ctx) + leftBehind);
  }
  return failed(failure.code, failureMessage(failure, ctx));
}

async function runChecks(handle: SqlHandle, engine: SqlEngine, fields: SqlConnectionFields): Promise<CheckResult> {
  const access = await engine.inspectSchema(handle, fields.schema);
  if (!access.exists) return failed('schema_missing', failureMessage({ code: 'schema_missing' }, failureContext(engine, fields)));
  if (access.missing.length > 0) {
    return failed('privilege', privilegeMessage(access.missing, 'schema', failureContext(engine, fields, 'creating tables')));
  }

  const now = new Date();
  const scratch = scratchTable(now);
  const steps = checkSteps(handle, engine, fields.schema, scratch, now);
  let done = 0;
  try {
    for (const step of steps) {
      try {
        await step.run();
        done += 1;
      } catch (err) {
        return await explainStepFailure(handle, engine, fields, step, scratch.table.table, err);
      }
    }
    return { ok: true };
  } finally {
    if (done < steps.length) {
      // The scratch table must not outlive a failed check; the staging table dies with the session.
      await handle.query(engine.dialect.dropTable(fields.schema, scratch.table.table)).catch(() => undefined);
    }
  }
}

/**
 * The connection check of a relational destination on an open connection: the writer's own
 * statements in the target schema on a scratch table that is always dropped. Every failure comes
 * back as a code and a message saying what to fix; nothing thrown except programming errors.
 */
export async function checkSql(engine: SqlEngine, handle: SqlHandle, fields: SqlConnectionFields): Promise<CheckResult> {
  try {
    return await runChecks(handle, engine, fields);
  } catch (err) {
    // A failure outside the steps (the schema query, a dropped connection): classified or thrown.
    const failure = engine.classifyError(err);
    if (!failure) throw err;
    return failed(failure.code, failureMessage(failure, failureContext(engine, fields)));
  }
}
