import { getEngine } from '../engines/registry';
import { maskS3ConnectionString } from '../engines/s3/maskS3';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_SSL_MODE, type ConnectionFields } from './fields';

/**
 * The connection string for display: the password replaced by •••, parameters only where they
 * differ from the defaults. `postgres://user:•••@host:5432/db`.
 */
export function maskConnectionString(fields: ConnectionFields): string {
  if (fields.engine === 's3') return maskS3ConnectionString(fields);
  const engine = getEngine(fields.engine);
  const host = fields.host.includes(':') ? `[${fields.host}]` : fields.host;
  const params: string[] = [];
  if (engine.acceptsSchemaParameter && fields.schema !== engine.defaultSchema) params.push(`schema=${encodeURIComponent(fields.schema)}`);
  if (fields.sslmode !== DEFAULT_SSL_MODE) params.push(`sslmode=${fields.sslmode}`);
  if (fields.connectTimeoutSeconds !== DEFAULT_CONNECT_TIMEOUT_SECONDS) params.push(`connect_timeout=${fields.connectTimeoutSeconds}`);
  const query = params.length > 0 ? `?${params.join('&')}` : '';
  const database = encodeURIComponent(fields.database);
  return `${engine.schemes[0]}://${encodeURIComponent(fields.user)}:•••@${host}:${fields.port}/${database}${query}`;
}
