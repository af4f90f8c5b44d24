import type { Client as PgClient } from 'pg';
import type { SqlConnectionFields } from '../../connectionString/fields';
import type { SqlEngine, SqlHandleBase } from '../types';

export interface PostgresHandle extends SqlHandleBase {
  readonly engine: 'postgres';
  /** The driver's client, for what `query` cannot do (COPY streams). */
  readonly client: PgClient;
}

declare module '../engineNames' {
  interface EngineTypes {
    postgres: { kind: 'sql'; handle: PostgresHandle; fields: SqlConnectionFields; definition: SqlEngine<PostgresHandle> };
  }
}
