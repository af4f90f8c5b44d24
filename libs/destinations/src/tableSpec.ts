/**
 * The kinds of value a typed column holds. Each engine maps them to its own types (the SQL
 * engines' dialects, `engines/s3/s3Columns.ts`): a provider says what a value is, never
 * how a destination stores it. `text` is a short string a MySQL destination can index
 * (VARCHAR(255)); `long_text` is free-form text that may exceed that (descriptions, messages).
 */
export const columnTypes = ['text', 'long_text', 'bigint', 'integer', 'boolean', 'timestamp', 'json'] as const;
export type ColumnType = (typeof columnTypes)[number];

/**
 * A typed column of a table: a well-known field of the provider object copied next to `data`.
 * Always nullable: a value the provider cannot coerce into the type is stored as NULL rather
 * than failing its batch, since the whole object is in `data` anyway.
 */
export interface TableColumn {
  name: string;
  type: ColumnType;
  description?: string;
}

/**
 * What a destination needs to know of a table: its name and its typed columns, in order. The
 * provider resolves it (for Stripe from its catalog; for providers whose accounts define their
 * own fields, per account); the destination adds the common columns and the primary key.
 */
export interface TableSpec {
  table: string;
  columns: readonly TableColumn[];
}

/** A column every table has, filled by the writer rather than read from the object. */
export interface CommonColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  description: string;
}

/**
 * A typed column's value as the provider coerced it, before the destination's driver serialises
 * it: `bigint` a safe integer, `integer` a 32-bit one, `timestamp` a Date in years 1..9999,
 * `boolean` a boolean, `text` and `long_text` a string, `json` an object or array; null otherwise.
 */
export type ColumnValue = string | number | boolean | Date | object | null;

// Every table (one per resource, shared by all accounts writing to that destination) starts with
// these; the typed columns of the spec follow (docs/destinations.md, Tables). The writers list the
// common values in exactly this order.
export const commonColumns: readonly CommonColumn[] = [
  { name: 'id', type: 'text', nullable: false, description: 'provider object id' },
  { name: 'account_id', type: 'text', nullable: false, description: "the account's identifier" },
  { name: 'data', type: 'json', nullable: false, description: 'the whole provider object' },
  {
    name: '_source_ts',
    type: 'timestamp',
    nullable: false,
    description: "when the provider produced this state: the event's created, or the read's response time",
  },
  { name: '_synced_at', type: 'timestamp', nullable: false, description: 'when it was written' },
  { name: '_deleted', type: 'boolean', nullable: false, description: 'the object was deleted at the provider (soft delete)' },
];

export const commonColumnNames: readonly string[] = commonColumns.map((c) => c.name);

/** Primary key of every table. */
export const primaryKey = ['account_id', 'id'] as const;
