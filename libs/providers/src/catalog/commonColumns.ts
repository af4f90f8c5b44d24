import { sqlTypes } from './sqlTypes';
import type { CommonColumn } from './types';

// Every table (one per resource, shared by all accounts writing to that destination) starts
// with these; the typed columns of the resource follow (docs/destinations.md, Tables).
export const commonColumns: readonly CommonColumn[] = [
  { name: 'id', type: 'text', ...sqlTypes('text'), nullable: false, description: 'provider object id' },
  { name: 'account_id', type: 'text', ...sqlTypes('text'), nullable: false, description: "the account's identifier" },
  { name: 'data', type: 'json', ...sqlTypes('json'), nullable: false, description: 'the whole provider object' },
  {
    name: '_source_ts',
    type: 'timestamp',
    ...sqlTypes('timestamp'),
    nullable: false,
    description: "when the provider produced this state: the event's created, or the read's response time",
  },
  { name: '_synced_at', type: 'timestamp', ...sqlTypes('timestamp'), nullable: false, description: 'when it was written' },
  {
    name: '_deleted',
    type: 'boolean',
    ...sqlTypes('boolean'),
    nullable: false,
    description: 'the object was deleted at the provider (soft delete)',
  },
];

/** Primary key of every resource table. */
export const primaryKey = ['account_id', 'id'] as const;

export const commonColumnNames: readonly string[] = commonColumns.map((c) => c.name);
