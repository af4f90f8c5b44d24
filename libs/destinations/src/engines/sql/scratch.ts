import { randomBytes } from 'node:crypto';
import { commonColumnNames, type TableColumn } from '../../tableSpec';
import type { TableSpec } from '../operations';

const typed = (name: string, type: 'bigint' | 'text'): TableColumn => ({ name, type });

export const CHECK_ACCOUNT = 'datasync_check';

/** A throwaway table shaped like a provider's table, with a random name so concurrent checks never meet. */
export interface Scratch {
  table: TableSpec;
  /** The same table after its spec "gained" a column, to exercise the ALTER path. */
  widened: TableSpec;
  staging: string;
  columns: string[];
  rows: unknown[][];
}

export function scratchTable(now: Date): Scratch {
  const name = `_datasync_check_${randomBytes(6).toString('hex')}`;
  const columns = [typed('amount', 'bigint'), typed('status', 'text')];
  const table = { table: name, columns };
  const widened = { table: name, columns: [...columns, typed('note', 'text')] };
  const names = [...commonColumnNames, ...widened.columns.map((c) => c.name)];
  const row = (id: string, amount: number): unknown[] => {
    const values: Record<string, unknown> = {
      id,
      account_id: CHECK_ACCOUNT,
      data: JSON.stringify({ id, object: 'check', amount }),
      _source_ts: now,
      _synced_at: now,
      _deleted: false,
      amount,
      status: 'ok',
      note: null,
    };
    return names.map((n) => values[n] ?? null);
  };
  return { table, widened, staging: `${name}_stage`, columns: names, rows: [row('obj_1', 100), row('obj_2', 250)] };
}
