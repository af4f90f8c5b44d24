import type { Connection as MysqlConnection } from 'mysql2/promise';
import type { SqlConnectionFields } from '../../connectionString/fields';
import type { QueryResult, SqlEngine, SqlHandleBase } from '../types';

export interface MysqlHandle extends SqlHandleBase {
  readonly engine: 'mysql';
  readonly connection: MysqlConnection;
  /**
   * Runs one statement as a server-side prepared statement, cached on the connection by its
   * text: values travel in the binary protocol, never formatted into SQL (the writer's bulk path).
   */
  execute(sql: string, params: readonly unknown[]): Promise<QueryResult>;
}

declare module '../engineNames' {
  interface EngineTypes {
    mysql: { kind: 'sql'; handle: MysqlHandle; fields: SqlConnectionFields; definition: SqlEngine<MysqlHandle> };
  }
}
