import type { ColumnDefinition } from '../engines/operations';
import { getEngine } from '../engines/registry';
import type { EngineName } from '../engines/types';
import type { TableSpec } from '../tableSpec';

/** The columns of a spec's table as a destination of `engine` stores them, for display (S3: Parquet types). */
export function destinationColumns(engine: EngineName, spec: Pick<TableSpec, 'columns'>): ColumnDefinition[] {
  return getEngine(engine).columns(spec);
}
