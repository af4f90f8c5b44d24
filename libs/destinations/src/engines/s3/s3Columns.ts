import { commonColumns, type ColumnType, type TableSpec } from '../../tableSpec';
import type { ColumnDefinition } from '../operations';

/** The Parquet types the part files use (hyparquet-writer's names; TIMESTAMP is INT64 milliseconds, UTC). */
export type ParquetType = 'STRING' | 'INT64' | 'INT32' | 'BOOLEAN' | 'TIMESTAMP' | 'JSON';

const parquetTypes: Record<ColumnType, ParquetType> = {
  text: 'STRING',
  long_text: 'STRING',
  bigint: 'INT64',
  integer: 'INT32',
  boolean: 'BOOLEAN',
  timestamp: 'TIMESTAMP',
  json: 'JSON',
};

// How each type appears in an NDJSON line.
const jsonTypes: Record<ColumnType, string> = {
  text: 'string',
  long_text: 'string',
  bigint: 'integer',
  integer: 'integer',
  boolean: 'boolean',
  timestamp: 'string (ISO 8601, UTC)',
  json: 'object or array',
};

/** A column of a part file: the common columns first, then the spec's typed ones (nullable). */
export interface BlobColumn {
  name: string;
  type: ColumnType;
  parquetType: ParquetType;
  jsonType: string;
  nullable: boolean;
  description?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`column name not allowed: ${JSON.stringify(name)}`);
  return name;
}

export function blobColumns(spec: Pick<TableSpec, 'columns'>): BlobColumn[] {
  const column = (name: string, type: ColumnType, nullable: boolean, description?: string): BlobColumn => ({
    name: checkedName(name),
    type,
    parquetType: parquetTypes[type],
    jsonType: jsonTypes[type],
    nullable,
    ...(description ? { description } : {}),
  });
  return [
    ...commonColumns.map((c) => column(c.name, c.type, c.nullable, c.description)),
    ...spec.columns.map((c) => column(c.name, c.type, true, c.description)),
  ];
}

/** The columns as the dashboard shows a table's: the Parquet type stands in for the SQL type. */
export function s3ColumnDefinitions(spec: Pick<TableSpec, 'columns'>): ColumnDefinition[] {
  return blobColumns(spec).map((c) => ({ name: c.name, sqlType: c.parquetType, nullable: c.nullable }));
}
