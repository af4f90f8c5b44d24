import type { CatalogResource } from '@datasync/providers';
import type { ColumnDefinition } from '../engines/operations';
import { getEngine } from '../engines/registry';
import type { EngineName } from '../engines/types';

/** The columns of a resource's table as a destination of `engine` stores them, for display (S3: Parquet types). */
export function destinationColumns(engine: EngineName, resource: Pick<CatalogResource, 'columns'>): ColumnDefinition[] {
  return getEngine(engine).columns(resource);
}
