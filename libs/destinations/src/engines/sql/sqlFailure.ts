import { driverFailure, schemaContext, type FailureSource } from '../../failureMessages';

/**
 * A driver error met while running a statement as a DestinationError (the loader tells transient
 * from permanent by its code); errors no engine recognises (programming errors) pass unchanged.
 */
export function sqlFailure(engine: FailureSource, schema: string, action: string, err: unknown): unknown {
  return driverFailure(engine, schemaContext(engine, schema, action), err) ?? err;
}
