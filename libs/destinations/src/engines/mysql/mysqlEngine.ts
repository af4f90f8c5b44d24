import { sqlEngine } from '../sql/sqlEngine';
import type { SqlEngine } from '../types';
import type { MysqlHandle } from './mysqlHandle';
import { deniedCommand, classifyMysqlError } from './mysqlErrors';
import { mysqlDialect } from './mysqlDialect';
import { createMysqlWriter } from './mysqlWriter';
import { openMysql } from './openMysql';

export const mysqlEngine: SqlEngine<MysqlHandle> = sqlEngine<MysqlHandle>({
  name: 'mysql',
  label: 'MySQL',
  schemes: ['mysql'],
  defaultPort: 3306,
  acceptsSchemaParameter: false,
  dialect: mysqlDialect,
  open: openMysql,
  classifyError: classifyMysqlError,
  createWriter: (handle, options) => createMysqlWriter(mysqlEngine, handle, options),
  checkPrivileges: {
    create_table: { privileges: ['CREATE'], on: 'database' },
    alter_table: { privileges: ['ALTER'], on: 'database' },
    create_staging: { privileges: ['CREATE TEMPORARY TABLES'], on: 'database' },
    upsert: { privileges: ['INSERT', 'UPDATE'], on: 'table' },
    update: { privileges: ['UPDATE'], on: 'table' },
    select: { privileges: ['SELECT'], on: 'table' },
    delete: { privileges: ['DELETE'], on: 'table' },
    drop: { privileges: ['DROP'], on: 'database' },
  },
  // The schema is the database the connection opened: connecting proved it exists and is usable.
  inspectSchema: () => Promise.resolve({ exists: true, missing: [] }),
  // The server names the denied command in its message.
  missingPrivileges: (_handle, need, err) => {
    const named = deniedCommand(err);
    return Promise.resolve(named ? [named] : [...need.privileges]);
  },
});
