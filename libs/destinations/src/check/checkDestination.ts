import { parseConnectionString } from '../connectionString/parse';
import type { ConnectionFields } from '../connectionString/fields';
import { connect, type ConnectOptions } from '../connect';
import type { CheckResult } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';
import { ConnectionStringError, DestinationError } from '../errors';

export type { CheckResult };

/** As for connect; `statementTimeoutMs` defaults to 15 s here. */
export type CheckOptions = ConnectOptions;

/**
 * The connection check: parses the string, connects through the network guard with a timeout,
 * then lets the engine run the writer's own operations on scratch data that is always removed
 * (see each engine's check). Every failure comes back as a code and a message saying what to
 * fix; nothing thrown except programming errors.
 */
export async function checkDestination(engineName: string, connectionString: string, options: CheckOptions): Promise<CheckResult> {
  let fields: ConnectionFields;
  try {
    fields = parseConnectionString(engineName, connectionString);
  } catch (err) {
    if (err instanceof ConnectionStringError) return { ok: false, code: 'connection_string_invalid', message: err.message };
    throw err;
  }
  let handle: DestinationHandle;
  try {
    handle = await connect(fields, { ...options, statementTimeoutMs: options.statementTimeoutMs ?? 15_000 });
  } catch (err) {
    if (err instanceof DestinationError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
  try {
    return await engineOf(handle).check(handle, fields);
  } finally {
    await handle.close();
  }
}
