import { commonColumns, primaryKey, type TableSpec } from '../tableSpec';
import type { ColumnDefinition, SqlDialect } from '../engines/sql/dialect';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedName(name: string): string {
  // Names come from the provider's spec, not from input, but they end up in DDL: refuse anything unusual loudly.
  if (!IDENTIFIER.test(name)) throw new Error(`identifier not allowed in DDL: ${JSON.stringify(name)}`);
  return name;
}

/** The table of a spec: the common columns first, then its typed columns, in spec order. */
export function tableColumns(dialect: SqlDialect, spec: Pick<TableSpec, 'columns'>): ColumnDefinition[] {
  return [
    ...commonColumns.map((c) => ({ name: checkedName(c.name), sqlType: dialect.columnType(c.type), nullable: c.nullable })),
    ...spec.columns.map((c) => ({ name: checkedName(c.name), sqlType: dialect.columnType(c.type), nullable: true })),
  ];
}

export { primaryKey };

/** The table name of a spec, checked like every identifier that reaches DDL. */
export function tableName(spec: Pick<TableSpec, 'table'>): string {
  return checkedName(spec.table);
}
