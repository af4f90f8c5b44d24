import type { ColumnValue, TableColumn } from '../tableSpec';
import type { WriteBatchOptions, WriteRow, Writer } from '../writers/writeRow';

// Destinations never import the provider library, so their tests write a table shaped like
// Stripe's charges (the widest common case) with the values Stripe's coercion would hand over
// (libs/providers, catalog/coerce.ts, tested there): safe integers, dates of years 1..9999,
// expanded references as their id, anything else that does not fit as null.

const short = (name: string, type: TableColumn['type']): TableColumn => ({ name, type });

export const chargeColumns: readonly TableColumn[] = [
  short('amount', 'bigint'),
  short('amount_captured', 'bigint'),
  short('amount_refunded', 'bigint'),
  short('currency', 'text'),
  short('status', 'text'),
  short('paid', 'boolean'),
  short('captured', 'boolean'),
  short('refunded', 'boolean'),
  short('disputed', 'boolean'),
  short('customer', 'text'),
  short('payment_intent', 'text'),
  short('payment_method', 'text'),
  short('balance_transaction', 'text'),
  short('billing_email', 'text'),
  short('receipt_email', 'text'),
  short('description', 'long_text'),
  short('failure_code', 'text'),
  short('failure_message', 'long_text'),
  short('created', 'timestamp'),
  short('livemode', 'boolean'),
  short('metadata', 'json'),
];

const paths: Record<string, readonly string[]> = { billing_email: ['billing_details', 'email'] };

function at(object: Record<string, unknown>, name: string): unknown {
  let value: unknown = object;
  for (const key of paths[name] ?? [name]) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function coerced(column: TableColumn, raw: unknown): ColumnValue {
  if (raw === undefined || raw === null) return null;
  switch (column.type) {
    case 'text':
    case 'long_text':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      return typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : null;
    case 'bigint':
      return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : null;
    case 'integer':
      return typeof raw === 'number' && Number.isInteger(raw) && raw >= -(2 ** 31) && raw < 2 ** 31 ? raw : null;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : null;
    case 'timestamp': {
      if (typeof raw !== 'number') return null;
      const date = new Date(raw * 1000);
      const year = date.getUTCFullYear();
      return year >= 1 && year <= 9999 ? date : null;
    }
    case 'json':
      return typeof raw === 'object' ? raw : null;
  }
}

/** The typed values of `columns` (the charge columns by default) for an object, as a provider would coerce them. */
export function chargeValues(object: Record<string, unknown>, columns: readonly TableColumn[] = chargeColumns): ColumnValue[] {
  return columns.map((c) => coerced(c, at(object, c.name)));
}

/** A row as tests write it: the typed values are filled in from the object. */
export type UntypedRow = Omit<WriteRow, 'values'> & { values?: readonly ColumnValue[] };

/** The rows with their typed values, kept where a test gave them. */
export function withValues(rows: readonly UntypedRow[], columns: readonly TableColumn[] = chargeColumns): WriteRow[] {
  return rows.map((row) => ({ ...row, values: row.values ?? chargeValues(row.object, columns) }));
}

/** A writer that takes rows without typed values and fills them in, as the loader's provider side does. */
export interface TestWriter<W extends Writer = Writer> {
  writeBatch(rows: readonly UntypedRow[], options?: WriteBatchOptions): ReturnType<W['writeBatch']>;
  close(): Promise<void>;
}

export function typedWriter<W extends Writer>(writer: W, columns: readonly TableColumn[] = chargeColumns): TestWriter<W> {
  return {
    writeBatch: (rows, options) => writer.writeBatch(withValues(rows, columns), options) as ReturnType<W['writeBatch']>,
    close: () => writer.close(),
  };
}
