import { engineOf } from '../engines/registry';
import type { ConnectionFields } from './fields';

/**
 * The connection string for display: the secret replaced by •••, parameters only where they
 * differ from the defaults. `postgres://user:•••@host:5432/db`.
 */
export function maskConnectionString(fields: ConnectionFields): string {
  return engineOf(fields).mask(fields);
}
