import { accountFence, collectionFence, shareFences, TABLES, type Knex } from '@datasync/db';

/** What a write is for: the account whose rows it writes and the collection whose table it writes them into. */
export interface FenceScope {
  accountId: string;
  collectionId: string;
}

/** Why no write may happen for the scope any more. */
export type FenceClosed = 'account_inactive' | 'collection_unmounted';

export type Fenced<T> = { closed: null; value: T } | { closed: FenceClosed };

type Db = Knex | Knex.Transaction;

/** Why writes for the scope must stop (the account paused, deleting or gone; the collection unmounted or gone), or null. */
export async function fenceClosed(db: Db, scope: FenceScope): Promise<FenceClosed | null> {
  const row = (await db(`${TABLES.accounts} as a`)
    .leftJoin(`${TABLES.collections} as c`, 'c.id', db.raw('?', [scope.collectionId]))
    .where('a.id', scope.accountId)
    .first('a.active', 'a.deleting_at', 'c.id as collection_id', 'c.unmounted_at')) as
    { active: boolean; deleting_at: Date | null; collection_id: string | null; unmounted_at: Date | null } | undefined;
  if (!row || !row.active || row.deleting_at !== null) return 'account_inactive';
  if (row.collection_id === null || row.unmounted_at !== null) return 'collection_unmounted';
  return null;
}

/**
 * Runs one destination write (a batch with its retries, every statement or PUT of it) holding the
 * account's and the collection's write fences shared (libs/db writeFence.ts), after reading again,
 * under them, that the write may still happen; else does not run it and says why. A pause, unmount
 * or purge that committed its change then waits for this write to end, and no write begins after.
 *
 * On the pool, a short transaction: one control-plane connection for the write's duration. Given a
 * transaction (a poll's, which holds its connection anyway), a savepoint in it, rolled back after
 * the write so that the fence is let go with the write and not held until the poll ends.
 */
export async function fencedWrite<T>(db: Db, scope: FenceScope, write: () => Promise<T>): Promise<Fenced<T>> {
  if (!db.isTransaction) return db.transaction((trx) => underFence(trx, scope, write));
  const trx = db as Knex.Transaction;
  await trx.raw('savepoint write_fence');
  try {
    return await underFence(trx, scope, write);
  } finally {
    // Also ends a failed statement's abort of the poll's transaction, as any savepoint would.
    await trx.raw('rollback to savepoint write_fence');
  }
}

async function underFence<T>(trx: Knex.Transaction, scope: FenceScope, write: () => Promise<T>): Promise<Fenced<T>> {
  await shareFences(trx, [accountFence(scope.accountId), collectionFence(scope.collectionId)]);
  const closed = await fenceClosed(trx, scope);
  if (closed) return { closed };
  return { closed: null, value: await write() };
}

/** A poll's write refused by the fence: the poll ends there (its committed pages stand). */
export class WritesFenced extends Error {
  constructor(readonly reason: FenceClosed) {
    super(`writes fenced: ${reason}`);
  }
}

/** fencedWrite, throwing WritesFenced when the fence is closed: for code that stops as a whole. */
export async function fencedOrThrow<T>(db: Db, scope: FenceScope, write: () => Promise<T>): Promise<T> {
  const fenced = await fencedWrite(db, scope, write);
  if (fenced.closed) throw new WritesFenced(fenced.closed);
  return fenced.value;
}
