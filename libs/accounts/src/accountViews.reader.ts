import type { Knex } from '@datasync/db';
import { preparedStatement } from './preparedStatement';
import { toAccountWithSource, withSource, type AccountIdentity, type AccountWithSource, type ReadRow } from './accounts.repository';
import {
  deriveStatus,
  joinLoaderState,
  joinedLoaderState,
  whereStatus,
  type AccountStatus,
  type JoinedStateColumns,
  type LoaderState,
} from './status';
import { selectVerifications, withVerifications, type JoinedVerificationColumns, type Verified } from './tableVerifications.reader';

// The read path of GET /accounts and GET /accounts/{type}/{id}: each account with its status in
// the same query as the account itself (one round trip, the API's hottest call).

export interface AccountView extends AccountWithSource {
  status: AccountStatus;
  statusReason: string | null;
  lastSyncedAt: Date | null;
  collections: Verified<LoaderState['collections']>;
}

export interface ListQuery {
  environmentId: string;
  limit: number;
  /** Keyset cursor: accounts after this (source_type, identifier). */
  after?: { sourceType: string; identifier: string };
  sourceType?: string;
  /** Only the accounts of this source (the dashboard's per-sync list). */
  sourceId?: string;
  active?: boolean;
  status?: AccountStatus;
}

type ViewRow = ReadRow & { source_name: string } & JoinedStateColumns & JoinedVerificationColumns;

const viewQuery = (db: Knex): Knex.QueryBuilder => selectVerifications(joinLoaderState(withSource(db)), db);

function toView(row: ViewRow): AccountView {
  const account = toAccountWithSource(row);
  const state = joinedLoaderState(row);
  return {
    ...account,
    status: deriveStatus(account, state),
    statusReason: state?.reason ?? null,
    lastSyncedAt: state?.lastSyncedAt ?? null,
    collections: withVerifications(state?.collections ?? [], row),
  };
}

// GET /accounts/{type}/{id}: the same query as a page of the list, run as a prepared statement.
const selectAccountView = preparedStatement<AccountIdentity>('accounts.findAccountView', (db, p) =>
  viewQuery(db).where({ 'a.environment_id': p.environmentId, 'a.source_type': p.sourceType, 'a.identifier': p.identifier }).first(),
);

export async function findAccountView(db: Knex, identity: AccountIdentity): Promise<AccountView | undefined> {
  const [row] = (await selectAccountView(db, {
    environmentId: identity.environmentId,
    sourceType: identity.sourceType,
    identifier: identity.identifier,
  })) as ViewRow[];
  return row && toView(row);
}

/** One page in (source_type, identifier) order, the order of the identity index. */
export async function listAccountViews(db: Knex, query: ListQuery): Promise<AccountView[]> {
  const builder = viewQuery(db).where('a.environment_id', query.environmentId);
  if (query.after) builder.whereRaw('(a.source_type, a.identifier) > (?, ?)', [query.after.sourceType, query.after.identifier]);
  if (query.sourceType !== undefined) builder.where('a.source_type', query.sourceType);
  if (query.sourceId !== undefined) builder.where('a.source_id', query.sourceId);
  if (query.active !== undefined) builder.where('a.active', query.active);
  if (query.status !== undefined) whereStatus(builder, query.status);
  const rows = (await builder.orderBy([{ column: 'a.source_type' }, { column: 'a.identifier' }]).limit(query.limit)) as ViewRow[];
  return rows.map(toView);
}
