import type { EngineName } from '../engines/types';

/** How the connection uses TLS; the libpq meanings. `prefer` is the default, never written out. */
export type SslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** The modes a connection string may name; leaving sslmode out means `prefer`. */
export const sslModes: readonly SslMode[] = ['disable', 'require', 'verify-ca', 'verify-full'];

export const DEFAULT_SSL_MODE: SslMode = 'prefer';
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
export const MAX_CONNECT_TIMEOUT_SECONDS = 60;

/** A parsed relational-destination connection string. Holds the password: never log it. */
export interface ConnectionFields {
  engine: EngineName;
  user: string;
  password: string;
  /** Host name or IP address as written, without IPv6 brackets, lowercased. */
  host: string;
  port: number;
  database: string;
  /** Where tables go: the `schema` parameter for Postgres (default `public`), the database for MySQL. */
  schema: string;
  sslmode: SslMode;
  connectTimeoutSeconds: number;
}
