import { ApiError } from '@datasync/errors';
import { describeOwner, type TableClaim } from './tableOwner';

/**
 * The table is claimed by another sync (of this or another environment): a 409 in the API, a
 * permanent failure in the loader. Nothing was written, purged or marked deleted.
 */
export class TableOwnedError extends ApiError {
  constructor(
    readonly table: string,
    readonly holder: TableClaim,
  ) {
    super(
      409,
      'invalid_request_error',
      `The table ${table} in this destination belongs to ${describeOwner(holder)} since ${holder.claimedAt}. ` +
        'A table has one owner, so that its rows are never purged or marked deleted by another: load into another ' +
        'schema (or prefix), or delete that sync to release the table.',
      { code: 'table_owned', param: 'resource_type' },
    );
  }
}
