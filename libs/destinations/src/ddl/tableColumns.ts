import { commonColumns, primaryKey, type CatalogResource } from '@datasync/providers';
import type { ColumnDefinition, SqlDialect } from '../engines/dialect';
import { getEngine } from '../engines/registry';
import { s3ColumnDefinitions } from '../engines/s3/s3Columns';
import type { EngineName } from '../engines/types';

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

/** The columns of a resource's table as a destination of `engine` stores them, for display (S3: Parquet types). */
export function destinationColumns(engine: EngineName, resource: Pick<CatalogResource, 'columns'>): ColumnDefinition[] {
  const definition = getEngine(engine);
  return definition.kind === 'sql' ? tableColumns(definition.dialect, resource) : s3ColumnDefinitions(resource);
}
