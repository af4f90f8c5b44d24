import type { CatalogColumn, ColumnType } from './types';

/** A typed column; the path defaults to the column name. */
export function column(name: string, type: ColumnType, path = name): CatalogColumn {
  return { name, type, path };
}

/** Free-form text that may exceed 255 characters (descriptions, failure messages). */
export function longText(name: string, path = name): CatalogColumn {
  return { name, type: 'long_text', path };
}

/** Columns nearly every Stripe object has. */
export const stripeBaseColumns: readonly CatalogColumn[] = [
  column('created', 'timestamp'),
  column('livemode', 'boolean'),
  column('metadata', 'json'),
];
