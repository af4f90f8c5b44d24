import { DestinationError } from '../errors';
import { getEngine } from '../engines/registry';
import type { SqlEngineName } from '../engines/types';
import { failureMessage } from '../failureMessages';

/**
 * A driver error met while writing as a DestinationError (the loader tells transient from
 * permanent by its code); errors no engine recognises (programming errors) pass unchanged.
 */
export function writeFailure(engine: SqlEngineName, schema: string, action: string, err: unknown): unknown {
  if (err instanceof DestinationError) return err;
  const definition = getEngine(engine);
  const failure = definition.classifyError(err);
  if (!failure) return err;
  const schemaIsDatabase = !definition.acceptsSchemaParameter;
  const ctx = { engineLabel: definition.label, schemaIsDatabase, schema, database: schemaIsDatabase ? schema : undefined, action };
  return new DestinationError(failure.code, failureMessage(failure, ctx), err);
}
