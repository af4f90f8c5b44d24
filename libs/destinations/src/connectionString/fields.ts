import type { EngineName, EngineTypes, SqlEngineName } from '../engines/engineNames';

/**
 * How the connection uses TLS; the libpq meanings. `prefer` stands for "not named", never written
 * out: verified TLS to public hosts, TLS when offered to local ones (network/tlsDefault.ts).
 */
export type SslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** The modes a connection string may name. */
export const sslModes: readonly SslMode[] = ['disable', 'require', 'verify-ca', 'verify-full'];

export const DEFAULT_SSL_MODE: SslMode = 'prefer';
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
export const MAX_CONNECT_TIMEOUT_SECONDS = 60;

/** The fields every engine's connection string fills. */
export interface ConnectionFieldsBase {
  engine: EngineName;
  user: string;
  password: string;
  /** Host name or IP address as written, without IPv6 brackets, lowercased. */
  host: string;
  port: number;
  database: string;
  /** Where tables go: the `schema` parameter for Postgres (default `public`), the database for MySQL, the prefix for S3. */
  schema: string;
  sslmode: SslMode;
  connectTimeoutSeconds: number;
}

/** A parsed relational-destination connection string. Holds the password: never log it. */
export interface SqlConnectionFields extends ConnectionFieldsBase {
  engine: SqlEngineName;
}

/** A parsed connection string of any engine. */
export type ConnectionFields = EngineTypes[EngineName]['fields'];
