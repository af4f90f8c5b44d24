import { commonColumns, primaryKey, type CatalogResource } from '@datasync/providers';
import type { ColumnDefinition, SqlDialect } from '../engines/sql/dialect';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedName(name: string): string {
  // Catalog names are code, not input, but they end up in DDL: refuse anything unusual loudly.
  if (!IDENTIFIER.test(name)) throw new Error(`catalog identifier not allowed in DDL: ${JSON.stringify(name)}`);
  return name;
}

/** The table of a resource: the common columns first, then its typed columns, in catalog order. */
export function tableColumns(dialect: SqlDialect, resource: Pick<CatalogResource, 'columns'>): ColumnDefinition[] {
  return [
    ...commonColumns.map((c) => ({ name: checkedName(c.name), sqlType: dialect.columnType(c), nullable: c.nullable })),
    ...resource.columns.map((c) => ({ name: checkedName(c.name), sqlType: dialect.columnType(c), nullable: true })),
  ];
}

export { primaryKey };

/** The table name of a resource, checked like every identifier from the catalog. */
export function tableName(resource: Pick<CatalogResource, 'table'>): string {
  return checkedName(resource.table);
}
