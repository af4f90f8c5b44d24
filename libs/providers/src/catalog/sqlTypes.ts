import type { CatalogColumn, ColumnType } from './types';

// MySQL cannot index TEXT without a prefix length and most short provider strings (ids,
// statuses, currencies, emails) fit in 255 characters, so `text` maps to VARCHAR(255) there;
// free-form fields use `longText` instead. DATETIME(3) rather than TIMESTAMP: TIMESTAMP ends in
// 2038 and converts through the session time zone. Values are always written in UTC.
const postgres: Record<ColumnType, string> = {
  text: 'text',
  bigint: 'bigint',
  integer: 'integer',
  boolean: 'boolean',
  timestamp: 'timestamptz',
  json: 'jsonb',
};

const mysql: Record<ColumnType, string> = {
  text: 'varchar(255)',
  bigint: 'bigint',
  integer: 'int',
  boolean: 'tinyint(1)',
  timestamp: 'datetime(3)',
  json: 'json',
};

export function sqlTypes(type: ColumnType): { postgresType: string; mysqlType: string } {
  return { postgresType: postgres[type], mysqlType: mysql[type] };
}

/** A typed column; the path defaults to the column name. */
export function column(name: string, type: ColumnType, path = name): CatalogColumn {
  return { name, type, path, ...sqlTypes(type) };
}

/** Free-form text that may exceed 255 characters (descriptions, failure messages). */
export function longText(name: string, path = name): CatalogColumn {
  return { name, type: 'text', path, postgresType: 'text', mysqlType: 'text' };
}

/** Columns nearly every Stripe object has. */
export const stripeBaseColumns: readonly CatalogColumn[] = [
  column('created', 'timestamp'),
  column('livemode', 'boolean'),
  column('metadata', 'json'),
];
