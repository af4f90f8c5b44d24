import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_SSL_MODE, type SqlConnectionFields } from '../../connectionString/fields';
import { urlHost } from '../../connectionString/urlParts';
import type { SqlSyntax } from './parseSql';

/**
 * The connection string for display: the password replaced by •••, parameters only where they
 * differ from the defaults. `postgres://user:•••@host:5432/db`.
 */
export function maskSqlConnectionString(engine: SqlSyntax, fields: SqlConnectionFields): string {
  const params: string[] = [];
  if (engine.acceptsSchemaParameter && fields.schema !== engine.defaultSchema) params.push(`schema=${encodeURIComponent(fields.schema)}`);
  if (fields.sslmode !== DEFAULT_SSL_MODE) params.push(`sslmode=${fields.sslmode}`);
  if (fields.connectTimeoutSeconds !== DEFAULT_CONNECT_TIMEOUT_SECONDS) params.push(`connect_timeout=${fields.connectTimeoutSeconds}`);
  const query = params.length > 0 ? `?${params.join('&')}` : '';
  const database = encodeURIComponent(fields.database);
  return `${engine.schemes[0]}://${encodeURIComponent(fields.user)}:•••@${urlHost(fields.host)}:${fields.port}/${database}${query}`;
}
