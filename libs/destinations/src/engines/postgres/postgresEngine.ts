import { sqlEngine } from '../sql/sqlEngine';
import type { SqlEngine } from '../types';
import type { PostgresHandle } from './postgresHandle';
import { openPostgres } from './openPostgres';
import { postgresDialect } from './postgresDialect';
import { classifyPostgresError } from './postgresErrors';
import { createPostgresWriter } from './postgresWriter';

const schemaAccess =
  "SELECT has_schema_privilege(n.oid, 'USAGE') AS usage, has_schema_privilege(n.oid, 'CREATE') AS create " +
  'FROM pg_namespace n WHERE n.nspname = $1';

export const postgresEngine: SqlEngine<PostgresHandle> = sqlEngine<PostgresHandle>({
  name: 'postgres',
  label: 'PostgreSQL',
  schemes: ['postgres', 'postgresql'],
  defaultPort: 5432,
  acceptsSchemaParameter: true,
  defaultSchema: 'public',
  dialect: postgresDialect,
  open: openPostgres,
  classifyError: classifyPostgresError,
  createWriter: (handle, options) => createPostgresWriter(postgresEngine, handle, options),
  // The user owns the tables it creates, so ALTER and DROP need no grant; SELECT is needed
  // wherever a WHERE or ON CONFLICT reads the table.
  checkPrivileges: {
    create_table: { privileges: ['CREATE'], on: 'schema' },
    create_staging: { privileges: ['TEMPORARY'], on: 'database' },
    upsert: { privileges: ['INSERT', 'UPDATE', 'SELECT'], on: 'table' },
    update: { privileges: ['UPDATE', 'SELECT'], on: 'table' },
    select: { privileges: ['SELECT'], on: 'table' },
    delete: { privileges: ['DELETE', 'SELECT'], on: 'table' },
  },

  async inspectSchema(handle, schema) {
    const { rows } = await handle.query(schemaAccess, [schema]);
    const row = rows[0];
    if (!row) return { exists: false, missing: [] };
    return { exists: true, missing: [row.usage ? [] : ['USAGE'], row.create ? [] : ['CREATE']].flat() };
  },

  // "permission denied for table x" does not say which privilege; the server can tell.
  async missingPrivileges(handle, need) {
    const names = [...need.privileges];
    if (need.on === 'schema' || (need.on === 'table' && need.table)) {
      const [fn, object] =
        need.on === 'schema'
          ? ['has_schema_privilege', need.schema]
          : ['has_table_privilege', postgresDialect.table(need.schema, need.table as string)];
      const { rows } = await handle.query(`SELECT p FROM unnest($2::text[]) AS p WHERE NOT ${fn}($1, p)`, [object, names]);
      const missing = rows.map((r) => String(r.p));
      if (missing.length > 0) return missing;
    }
    if (need.on === 'database') {
      const { rows } = await handle.query('SELECT p FROM unnest($1::text[]) AS p WHERE NOT has_database_privilege(current_database(), p)', [
        names,
      ]);
      if (rows.length > 0) return rows.map((r) => String(r.p));
    }
    return names;
  },
});
